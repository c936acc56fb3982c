// The columns that tie a row to its account. The code says "account"
// throughout; the tables keep the column names their migrations gave them
// (`user_id` and the OAuth apps' `owner_user_id`, beside the table `users`,
// which the account model maps with its tableName), so no data moves.
import { DataTypes } from 'sequelize';

export const ACCOUNT_ID_COLUMN = { type: DataTypes.STRING(36), field: 'user_id' } as const;

/** The account that registered an OAuth app (null: registered dynamically, no owner). */
export const OWNER_ACCOUNT_ID_COLUMN = {
  type: DataTypes.STRING(36),
  field: 'owner_user_id',
} as const;
