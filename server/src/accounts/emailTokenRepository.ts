// One-time e-mail links (address confirmation, password reset), stored as the
// SHA-256 of the token. A link is used by deleting its row: of two concurrent
// uses exactly one deletes it.
import {
  DataTypes,
  Model,
  Op,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ACCOUNT_ID_COLUMN } from '../db/accountColumn.js';

export type EmailTokenPurpose = 'verify' | 'reset';

class EmailTokenModel extends Model<
  InferAttributes<EmailTokenModel>,
  InferCreationAttributes<EmailTokenModel>
> {
  declare tokenHash: string;
  declare accountId: string;
  declare purpose: EmailTokenPurpose;
  declare expiresAt: Date;
}

export class EmailTokenRepository {
  private readonly tokens;

  constructor(sequelize: Sequelize) {
    const Bound = class extends EmailTokenModel {};
    Bound.init(
      {
        tokenHash: { type: DataTypes.CHAR(64), primaryKey: true },
        accountId: { ...ACCOUNT_ID_COLUMN, allowNull: false },
        purpose: { type: DataTypes.STRING(16), allowNull: false },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      {
        sequelize,
        modelName: 'EmailToken',
        tableName: 'email_tokens',
        underscored: true,
        timestamps: false,
      },
    );
    this.tokens = Bound;
  }

  /** Stores a new link; the account's earlier links of the purpose and every expired link go. */
  async replace(
    token: { tokenHash: string; accountId: string; purpose: EmailTokenPurpose; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.tokens.destroy({ where: { accountId: token.accountId, purpose: token.purpose } });
    await this.tokens.destroy({ where: { expiresAt: { [Op.lte]: now } } });
    await this.tokens.create(token);
  }

  /** Ends every link of the account and purpose. */
  async deleteAll(accountId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.tokens.destroy({ where: { accountId, purpose } });
  }

  /** When the account's live link of the purpose expires, or null when there is none. */
  async liveUntil(accountId: string, purpose: EmailTokenPurpose, now: Date): Promise<Date | null> {
    const latest: Date | null = await this.tokens.max('expiresAt', {
      where: { accountId, purpose, expiresAt: { [Op.gt]: now } },
    });
    return latest ? new Date(latest) : null;
  }

  /** The account of a live link, without using it. */
  async find(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
    const row = await this.tokens.findOne({
      where: { tokenHash, purpose, expiresAt: { [Op.gt]: now } },
    });
    return row?.accountId ?? null;
  }

  /** Uses a live link: true for exactly one caller. */
  async consume(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<boolean> {
    const deleted = await this.tokens.destroy({
      where: { tokenHash, purpose, expiresAt: { [Op.gt]: now } },
    });
    return deleted === 1;
  }
}
