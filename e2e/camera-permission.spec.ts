import { test } from './support/admin-test';
import { CHROMIUM } from './support/chromium';
import { expectChooserAfterCameraFails, technicianOnNewOrder } from './support/field';

// A phone (360x740) with a camera whose permission was refused (docs/rules.md#daily-use): Chromium's fake
// camera exists, no permission is granted and no prompt accepts it (NotAllowedError, 'Permission denied').
test.use({
  viewport: { width: 360, height: 740 },
  permissions: [],
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, '--use-fake-device-for-media-stream'] },
});

test('[TEC] a refused camera permission is told in Portuguese and a photo is chosen instead', async ({ page, admin }) => {
  const { card } = await technicianOnNewOrder(page, admin, 'Câmera recusada');
  await expectChooserAfterCameraFails(page, card, 'Não foi possível acessar a câmera. Por favor, verifique as permissões.');
});
