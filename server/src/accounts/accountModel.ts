// The accounts, in the table `users` (the name its migration gave it; the model
// maps it, so no data moves). Each database gets a subclass of its own
// (defineAccountModel), because Model.init binds a class to one Sequelize
// instance and tests open several.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Plan } from '#shared/apiTypes.js';

export type PaymentStatus = 'ok' | 'past_due';

export class AccountModel extends Model<
  InferAttributes<AccountModel>,
  InferCreationAttributes<AccountModel>
> {
  declare id: string;
  declare email: string;
  declare passwordHash: string | null;
  declare emailVerifiedAt: Date | null;
  declare plan: Plan;
  declare trialStartedAt: Date | null;
  declare trialExpiresAt: Date | null;
  declare trialUsage: CreationOptional<number>;
  /** The mailbox whose one trial this account holds (unique; null: none). */
  declare trialMailbox: CreationOptional<string | null>;
  declare paymentStatus: CreationOptional<PaymentStatus>;
  declare pastDueSince: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineAccountModel(sequelize: Sequelize): typeof AccountModel {
  const Bound = class extends AccountModel {};
  Bound.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true },
      email: { type: DataTypes.STRING(191), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: true },
      emailVerifiedAt: { type: DataTypes.DATE(3), allowNull: true },
      plan: { type: DataTypes.STRING(16), allowNull: false },
      trialStartedAt: { type: DataTypes.DATE(3), allowNull: true },
      trialExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
      trialUsage: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      trialMailbox: { type: DataTypes.STRING(191), allowNull: true, defaultValue: null },
      paymentStatus: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ok' },
      pastDueSince: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, modelName: 'Account', tableName: 'users', underscored: true },
  );
  return Bound;
}

export type AccountRow = AccountModel;
