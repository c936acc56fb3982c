// The newest offered stichtag per state (table source_offers), shared by all
// instances. `claim` is the daily lease: of several instances only the one
// whose conditional update hits the row asks the state service.
import {
  DataTypes,
  Model,
  Op,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { OfferedStichtag } from './offeredStichtag.js';

class SourceOfferModel extends Model<
  InferAttributes<SourceOfferModel>,
  InferCreationAttributes<SourceOfferModel>
> {
  declare state: string;
  declare stichtag: string | null;
  declare readAt: Date | null;
  declare attemptedAt: Date;
}

export class SourceOfferRepository {
  private readonly offers;

  constructor(sequelize: Sequelize) {
    const Bound = class extends SourceOfferModel {};
    Bound.init(
      {
        state: { type: DataTypes.STRING(8), primaryKey: true },
        stichtag: { type: DataTypes.STRING(10), allowNull: true },
        readAt: { type: DataTypes.DATE(3), allowNull: true },
        attemptedAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      {
        sequelize,
        modelName: 'SourceOffer',
        tableName: 'source_offers',
        underscored: true,
        timestamps: false,
      },
    );
    this.offers = Bound;
  }

  /** Every state's last reading that found a stichtag. */
  async all(): Promise<Map<string, OfferedStichtag>> {
    const rows = await this.offers.findAll({ where: { stichtag: { [Op.ne]: null } } });
    return new Map(
      rows.flatMap((row) =>
        row.stichtag === null || row.readAt === null
          ? []
          : [[row.state, { stichtag: row.stichtag, readAt: row.readAt }] as const],
      ),
    );
  }

  /**
   * Takes the state's read for this instance when nobody attempted it since
   * `notSince`; false when another instance (or an earlier run) did.
   */
  async claim(state: string, now: Date, notSince: Date): Promise<boolean> {
    const [, created] = await this.offers.findOrCreate({
      where: { state },
      defaults: { state, stichtag: null, readAt: null, attemptedAt: now },
    });
    if (created) return true;
    const [updated] = await this.offers.update(
      { attemptedAt: now },
      { where: { state, attemptedAt: { [Op.lte]: notSince } } },
    );
    return updated === 1;
  }

  /** The reading of a claimed state that found a stichtag. */
  async record(state: string, stichtag: string, readAt: Date): Promise<void> {
    await this.offers.update({ stichtag, readAt }, { where: { state } });
  }
}
