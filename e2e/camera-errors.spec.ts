import { test } from './support/admin-test';
import { expectChooserAfterCameraFails, technicianOnNewOrder } from './support/field';

// A phone (360x740) whose camera fails (docs/rules.md#daily-use): the error in Portuguese, 'Escolher foto' still there.
test.use({ viewport: { width: 360, height: 740 } });

test.describe('a phone without a camera', () => {
  // The permission is granted but this Chromium has no camera (no fake device): NotFoundError, 'Requested device not found'.
  test.use({ permissions: ['camera'] });

  test('[TEC] sees "nenhuma câmera encontrada" in Portuguese and chooses a photo instead', async ({ page, admin }) => {
    const { card } = await technicianOnNewOrder(page, admin, 'Sem câmera no aparelho');
    await expectChooserAfterCameraFails(
      page,
      card,
      'Erro ao acessar a câmera: nenhuma câmera encontrada neste aparelho. Use "Escolher foto".',
    );
  });
});
