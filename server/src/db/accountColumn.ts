// The column that ties a row to its account. The code says "account"
// throughout; the tables keep the column name their migrations gave them
// (`user_id`, beside the table `users`), so no data moves.
import { DataTypes } from 'sequelize';

export const ACCOUNT_ID_COLUMN = { type: DataTypes.STRING(36), field: 'user_id' } as const;
