import { RegisterMaterialPicker } from '../../features/materials/components/material-picker';
import { QuotesPage } from '../../features/quotes/components/quotes-page';

/** /orcamentos (docs/screens.md#orcamentos): the quotes, their material items picked from the materials register. */
export function QuotesRoute() {
  return <QuotesPage MaterialPicker={RegisterMaterialPicker} />;
}
