export const REPORTS_PATH = '/report';
