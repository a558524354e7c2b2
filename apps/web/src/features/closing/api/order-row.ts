/** The fields of an order (GET /api/os, spec §3) these screens use. */
export interface OrderRow {
  id: number;
  numero: number;
  data: string;
  cliente: string;
  responsavel: string;
  cidade: string;
  engenheiro: string;
  engenheiroNome: string;
  status: string;
  pdf: boolean;
  pdfcompleto: boolean;
}

export interface OrderPage {
  rows: OrderRow[];
  total: number;
}
