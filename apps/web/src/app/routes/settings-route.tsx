import { ParametersPage } from '../../features/parameters/components/parameters-page';
import { PixSettingsCard } from '../../features/pix/components/pix-settings-card';

/** /configuracoes (docs/screens.md#configuracoes): the hour bands (parameters feature) and 'Recebimento PIX' (pix feature). */
export function SettingsRoute() {
  return (
    <>
      <ParametersPage />
      <PixSettingsCard />
    </>
  );
}
