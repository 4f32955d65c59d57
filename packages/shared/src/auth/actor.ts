/**
 * Who makes a change: the signed-in user. Every write a person makes is recorded in the customer's history with its
 * actor (and, for an edit, as the record's last editor).
 */
export type Actor = { id: number };
