// Plan booking requests from the billing page; the operator confirms a
// request by setting the plan with the admin command line.
import { randomUUID } from 'node:crypto';
import {
  DataTypes,
  Model,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Plan } from '#shared/apiTypes.js';
import { ACCOUNT_ID_COLUMN } from '../db/accountColumn.js';

class PlanRequestModel extends Model<
  InferAttributes<PlanRequestModel>,
  InferCreationAttributes<PlanRequestModel>
> {
  declare id: string;
  declare accountId: string;
  declare plan: string;
  declare createdAt: Date;
}

export interface PlanRequest {
  id: string;
  accountId: string;
  plan: Plan;
  createdAt: Date;
}

export class PlanRequestRepository {
  private readonly requests;

  constructor(sequelize: Sequelize) {
    const Bound = class extends PlanRequestModel {};
    Bound.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true },
        accountId: { ...ACCOUNT_ID_COLUMN, allowNull: false },
        plan: { type: DataTypes.STRING(16), allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      {
        sequelize,
        modelName: 'PlanRequest',
        tableName: 'plan_requests',
        underscored: true,
        updatedAt: false,
      },
    );
    this.requests = Bound;
  }

  async record(accountId: string, plan: Plan, now: Date): Promise<PlanRequest> {
    const row = await this.requests.create({ id: randomUUID(), accountId, plan, createdAt: now });
    return { id: row.id, accountId: row.accountId, plan, createdAt: row.createdAt };
  }

  async latest(accountId: string): Promise<PlanRequest | null> {
    const row = await this.requests.findOne({
      where: { accountId },
      order: [['createdAt', 'DESC']],
    });
    return row ? toRequest(row) : null;
  }

  /** Every account's latest requests first, for the operator. */
  async list(limit: number): Promise<PlanRequest[]> {
    const rows = await this.requests.findAll({ order: [['createdAt', 'DESC']], limit });
    return rows.map(toRequest);
  }
}

function toRequest(row: PlanRequestModel): PlanRequest {
  return { id: row.id, accountId: row.accountId, plan: row.plan as Plan, createdAt: row.createdAt };
}
