-- A refund takes back all the cashback it earned, even beyond the balance: below zero is a debt that
-- later credits pay first (docs/decisions/023). Spends are still refused beyond the balance by
-- ledger.ts#post under the account's row lock; a CHECK cannot tell a reversal from a spend.
ALTER TABLE "bonus_accounts" DROP CONSTRAINT "bonus_accounts_not_negative";