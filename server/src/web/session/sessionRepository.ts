// Dashboard sessions in the database, so every instance sees every session.
import {
  DataTypes,
  Model,
  Op,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

class WebSessionModel extends Model<
  InferAttributes<WebSessionModel>,
  InferCreationAttributes<WebSessionModel>
> {
  declare sid: string;
  declare data: string;
  declare expiresAt: Date;
}

export interface StoredSession {
  data: string;
  expiresAt: Date;
}

export class SessionRepository {
  private readonly sessions;

  constructor(sequelize: Sequelize) {
    const Bound = class extends WebSessionModel {};
    Bound.init(
      {
        sid: { type: DataTypes.STRING(64), primaryKey: true },
        data: { type: DataTypes.TEXT, allowNull: false },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      {
        sequelize,
        modelName: 'WebSession',
        tableName: 'web_sessions',
        underscored: true,
        timestamps: false,
      },
    );
    this.sessions = Bound;
  }

  async find(sid: string): Promise<StoredSession | null> {
    const row = await this.sessions.findByPk(sid);
    return row ? { data: row.data, expiresAt: row.expiresAt } : null;
  }

  async save(sid: string, session: StoredSession): Promise<void> {
    await this.sessions.upsert({ sid, ...session });
  }

  async extend(sid: string, expiresAt: Date): Promise<void> {
    await this.sessions.update({ expiresAt }, { where: { sid } });
  }

  async delete(sid: string): Promise<void> {
    await this.sessions.destroy({ where: { sid } });
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.sessions.destroy({ where: { expiresAt: { [Op.lte]: now } } });
  }
}
