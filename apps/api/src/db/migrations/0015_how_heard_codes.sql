-- How heard uses the codes the business has always stored (a current customer adding a property is 5, TV AD is 9).
-- Rows written with the short-lived code 6 meant a current customer, so they take 5; no other code changed meaning for
-- the customers the product imported.
UPDATE "properties" SET "how_heard" = 5 WHERE "how_heard" = 6;
