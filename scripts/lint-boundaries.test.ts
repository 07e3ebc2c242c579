/** The lint's layer rule catches an import across a boundary (and lets the allowed ones through). */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuse pwa → api, pwa → db, db → api, api → pwa, contracts → anything above, routes → db', async () => {
    expect(
      await layerErrors('pwa/features/x/thing.ts', "import { CheckoutService } from '@api/services/orders/checkout';\nexport const x = CheckoutService;\n"),
    ).toEqual(['pwa/ may not import api/ (shared facts live in contracts/) (imports api/services/orders/checkout).']);
    expect(await layerErrors('pwa/lib/thing.ts', "import { User } from '../../db/models';\nexport const x = User;\n")).toHaveLength(1);
    expect(await layerErrors('db/models/thing.ts', "import { AppError } from '../../api/errors';\nexport const x = AppError;\n")).toEqual([
      'db/ may import only db/ and contracts/ (imports api/errors).',
    ]);
    // The pure contracts (e.g. time-zone arithmetic) are open to db/ too.
    expect(await layerErrors('db/seeds/thing.ts', "import { TIME_ZONES } from '@contracts/catalogue';\nexport const x = TIME_ZONES;\n")).toEqual([]);
    expect(
      await layerErrors('api/services/thing.ts', "import { cartStore } from '../../pwa/features/cart/cart-store';\nexport const x = cartStore;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('contracts/thing.ts', "import { AppError } from '../api/errors';\nexport const x = AppError;\n")).toHaveLength(1);
    expect(await layerErrors('contracts/thing.ts', "import { knex } from '@db/knex';\nexport const x = knex;\n")).toHaveLength(1);
    expect(await layerErrors('api/routes/thing.ts', "import { User } from '../../db/models';\nexport const x = User;\n")).toEqual([
      'api/routes may not import db/: a route calls a service (imports db/models).',
    ]);
    expect(await layerErrors('pwa/lib/thing.ts', "import { outbox } from '../offline/outbox';\nexport const x = outbox;\n")).toEqual([
      'pwa/lib is the ground of the app: it may not import pwa/offline (imports pwa/offline/outbox).',
    ]);
    expect(await layerErrors('pwa/offline/catalogue/thing.ts', "import { adminDb } from '../back-office/admin-db';\nexport const x = adminDb;\n")).toEqual([
      'pwa/offline/catalogue and pwa/offline/back-office are two wings: neither imports the other (imports pwa/offline/back-office/admin-db).',
    ]);
  });

  it('refuse a relative import that climbs more than two folders', async () => {
    expect(
      await layerErrors('pwa/features/x/lib/thing.ts', "import { APP_ROUTES } from '../../../../contracts/app-routes';\nexport const x = APP_ROUTES;\n"),
    ).toEqual(['Import climbs more than two folders: use an alias (@contracts/, @api/, @db/, @pwa/) for contracts/app-routes.']);
  });

  it('allow what the architecture allows', async () => {
    expect(await layerErrors('pwa/features/x/thing.ts', "import { APP_ROUTES } from '@contracts/app-routes';\nexport const x = APP_ROUTES;\n")).toEqual([]);
    expect(await layerErrors('api/services/thing.ts', "import { User } from '../../db/models';\nexport const x = User;\n")).toEqual([]);
    expect(await layerErrors('pwa/features/x/thing.ts', "import { useCourses } from '../../catalogue/api/courses';\nexport const x = useCourses;\n")).toEqual(
      [],
    );
    expect(await layerErrors('pwa/features/x/thing.ts', "import { helper } from '../x/lib/helper';\nexport const x = helper;\n")).toEqual([]);
    expect(await layerErrors('pwa/app/routes/thing.tsx', "import { CartPanel } from '@pwa/features/cart/cart-panel';\nexport const x = CartPanel;\n")).toEqual(
      [],
    );
  });

  it('keep features apart, and shared pwa code away from features and app', async () => {
    expect(await layerErrors('pwa/features/home/thing.ts', "import { CartPanel } from '../cart/cart-panel';\nexport const x = CartPanel;\n")).toEqual([
      'pwa/features/home may not import another feature: move what both need to shared code, or compose them in app/ (imports pwa/features/cart/cart-panel).',
    ]);
    expect(await layerErrors('pwa/features/home/thing.ts', "export const load = () => import('@pwa/features/checkout/api/payment-config');\n")).toHaveLength(1);
    expect(
      await layerErrors('pwa/components/layout/thing.ts', "import { useAuth } from '../../features/auth/login-screen';\nexport const x = useAuth;\n"),
    ).toEqual(['pwa/components is shared: it may not import pwa/features or pwa/app (imports pwa/features/auth/login-screen).']);
    expect(await layerErrors('pwa/lib/thing.ts', "import { AppRoutes } from '../app/router';\nexport const x = AppRoutes;\n")).toHaveLength(1);
    expect(
      await layerErrors('pwa/offline/thing.ts', "import { useCourses } from '@pwa/features/listings/components/course-grid';\nexport const x = useCourses;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('pwa/features/home/thing.ts', "import { AppRoutes } from '../../app/router';\nexport const x = AppRoutes;\n")).toHaveLength(1);
  });
});
