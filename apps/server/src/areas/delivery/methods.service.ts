import type { DeliveryMethodView } from '@vmeste/contract';
import type { z } from 'zod';
import type { deliveryMethodBodySchema } from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import type { DeliveryMethodRow, PointRow, PointSnapshot } from './delivery.schema.js';
import { destinationTitleOf, recipientOf } from './destinations.js';
import {
  clearDefault,
  countUserMethods,
  deleteMethod,
  findUserMethod,
  insertMethod,
  listUserMethods,
  lockUserMethods,
  updateMethod,
} from './methods.repository.js';
import { findPoint, findPoints } from './points.repository.js';
import { toPointView } from './points.service.js';

const METHOD_NOT_FOUND = 'Способ доставки не найден';
const MAX_METHODS = 20;
type MethodInput = z.output<typeof deliveryMethodBodySchema>;

export const snapshotOf = (p: PointRow): PointSnapshot => ({
  code: p.code,
  name: p.name,
  cityCode: p.cityCode,
  cityName: p.cityName,
  address: p.address,
  workSchedule: p.workSchedule,
});

/** Why a point can no longer be chosen, or null. */
export function pointUnavailableReason(point: PointRow | undefined): string | null {
  if (!point || !point.isActive) return 'Boxberry закрыл этот пункт выдачи: выберите другой';
  if (!point.isEnabled) return 'Магазин больше не отправляет в этот пункт выдачи: выберите другой';
  return null;
}

/**
 * The client's saved delivery methods; one is the default, which packing uses. While Boxberry is off
 * (production without a token) no method to a pickup point is saved: nothing could be sent there.
 */
export function createMethodsService({
  db,
  pickupAddress,
  boxberry,
}: {
  db: Db;
  pickupAddress: string;
  boxberry: Pick<BoxberryConnection, 'mode'>;
}) {
  async function views(dbOrTx: DbOrTx, rows: DeliveryMethodRow[]): Promise<DeliveryMethodView[]> {
    const points = new Map(
      (
        await findPoints(
          dbOrTx,
          rows.flatMap((r) => (r.point ? [r.point.code] : [])),
        )
      ).map((p) => [p.code, p]),
    );
    return rows.map((row) => {
      const live = row.point ? points.get(row.point.code) : undefined;
      return {
        id: row.id,
        kind: row.kind,
        isDefault: row.isDefault,
        recipient: recipientOf(row),
        title: destinationTitleOf(row, pickupAddress),
        point: live ? toPointView(live) : null,
        address: row.address,
        unavailableReason: row.kind === 'boxberry' ? pointUnavailableReason(live) : null,
      };
    });
  }

  /** Asked before the transaction: the settings are read on `db`, which PGlite's one connection would wait for. */
  async function refuseWhileBoxberryOff(body: MethodInput): Promise<void> {
    if (body.kind === 'boxberry' && (await boxberry.mode()) === 'off') {
      throw new AppError('CONFLICT', 'Доставка в пункты выдачи Boxberry сейчас недоступна: выберите курьера или самовывоз', {
        field: 'pointCode',
      });
    }
  }

  async function fieldsOf(tx: DbOrTx, body: MethodInput) {
    let point: PointSnapshot | null = null;
    if (body.kind === 'boxberry') {
      const found = await findPoint(tx, body.pointCode);
      const reason = found ? pointUnavailableReason(found) : 'Пункт выдачи не найден: выберите его из списка';
      if (reason) throw new AppError('CONFLICT', reason, { field: 'pointCode' });
      point = snapshotOf(found!);
    }
    return {
      kind: body.kind,
      recipientPhone: body.recipient.phone,
      recipientName: body.recipient.name,
      recipientSurname: body.recipient.surname,
      point,
      address: body.kind === 'courier' ? body.address : null,
    };
  }

  return {
    async list(userId: string): Promise<DeliveryMethodView[]> {
      return views(db, await listUserMethods(db, userId));
    },

    async create(userId: string, body: MethodInput): Promise<DeliveryMethodView> {
      await refuseWhileBoxberryOff(body);
      const row = await db.transaction(async (tx) => {
        const existing = await lockUserMethods(tx, userId);
        if (existing.length >= MAX_METHODS) throw new AppError('CONFLICT', `Сохранить можно не больше ${MAX_METHODS} способов доставки`);
        // The first method is the default one: packing needs one to go by.
        const isDefault = body.isDefault || existing.length === 0;
        if (isDefault) await clearDefault(tx, userId);
        return insertMethod(tx, { userId, ...(await fieldsOf(tx, body)), isDefault });
      });
      return (await views(db, [row]))[0]!;
    },

    async update(userId: string, id: string, body: MethodInput): Promise<DeliveryMethodView> {
      await refuseWhileBoxberryOff(body);
      const row = await db.transaction(async (tx) => {
        await lockUserMethods(tx, userId);
        const method = await findUserMethod(tx, userId, id);
        if (!method) throw new AppError('NOT_FOUND', METHOD_NOT_FOUND);
        if (body.isDefault) await clearDefault(tx, userId, id);
        return updateMethod(tx, id, { ...(await fieldsOf(tx, body)), isDefault: method.isDefault || body.isDefault });
      });
      return (await views(db, [row]))[0]!;
    },

    async remove(userId: string, id: string): Promise<{ ok: true }> {
      await db.transaction(async (tx) => {
        const all = await lockUserMethods(tx, userId);
        const method = all.find((m) => m.id === id);
        if (!method) throw new AppError('NOT_FOUND', METHOD_NOT_FOUND);
        await deleteMethod(tx, id);
        const next = all.filter((m) => m.id !== id).at(-1);
        if (method.isDefault && next) await updateMethod(tx, next.id, { isDefault: true });
      });
      return { ok: true };
    },

    async makeDefault(userId: string, id: string): Promise<DeliveryMethodView[]> {
      await db.transaction(async (tx) => {
        await lockUserMethods(tx, userId);
        if (!(await findUserMethod(tx, userId, id))) throw new AppError('NOT_FOUND', METHOD_NOT_FOUND);
        await clearDefault(tx, userId, id);
        await updateMethod(tx, id, { isDefault: true });
      });
      return this.list(userId);
    },

    views,
    countOf: (userId: string) => countUserMethods(db, userId),
  };
}

export type MethodsService = ReturnType<typeof createMethodsService>;
