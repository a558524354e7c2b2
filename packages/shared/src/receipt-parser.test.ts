import { describe, expect, it } from 'vitest';
import { parseEquipmentLabel } from './equipment-label';
import { parseValorToCentavos } from './expenses';
import { accessKeyCheckDigit, accessKeyIsValid, parseNfceQr } from './nfce-qr';
import { datesIn, parseReceiptText } from './receipt-parser';

/** A valid 44-digit key: SP, 2026-11, CNPJ 11.222.333/0001-81, model 65, série 1, nNF 4521. */
function makeAccessKey(cnpj = '11222333000181', numero = 4521, aamm = '2611'): string {
  const body = `35${aamm}${cnpj}65001${String(numero).padStart(9, '0')}112345678`;
  return body + String(accessKeyCheckDigit(body));
}

const CUPOM_SAT = `
POSTO SAO JUDAS TADEU LTDA
AV. BRASIL, 1500 - CENTRO - CAMPINAS SP
CNPJ: 12.345.678/0001-95 IE: 244.123.456.119
Extrato No. 045127
CUPOM FISCAL ELETRONICO - SAT
# COD DESC QTD UN VL UN R$ VL ITEM R$
001 0001 GASOLINA COMUM 35,512 L 6,19 219,82
TOTAL R$ 219,82
Dinheiro 250,00
Troco R$ 30,18
Valor aprox. dos tributos R$ 68,40 (31,12%)
SAT No. 230012345
21/11/2026 - 14:32:10
`;

const NFCE = `
RESTAURANTE SABOR MINEIRO LTDA
CNPJ: 98.765.432/0001-10
Documento Auxiliar da Nota Fiscal de Consumidor Eletronica
Codigo Descricao Qtde Un Vl Unit Vl Total
1 PRATO EXECUTIVO 2 UN 32,90 65,80
2 REFRIGERANTE LATA 2 UN 6,50 13,00
Qtd. total de itens 4
Valor total R$ 78,80
Descontos R$ 5,00
Valor a pagar R$ 73,80
FORMA PAGAMENTO VALOR PAGO
Cartao de Credito 73,80
NFC-e n° 000.012.345 Serie 001 Emissao 18/11/2026 12:41:03
Protocolo de autorizacao: 135260001234567 19/11/2026 08:00:00
Consulte pela Chave de Acesso em www.nfce.fazenda.sp.gov.br
3526 1198 7654 3200 0110 6500 1000 0123 4510 0000 0012
`;

const NOTA_SERVICO = `
PREFEITURA MUNICIPAL DE SAO PAULO
NOTA FISCAL DE SERVICOS ELETRONICA - NFS-e
Numero da Nota: 00004872
Data e Hora de Emissao: 05/11/2026 10:15:22
Codigo de Verificacao: AB12-CD34
PRESTADOR DE SERVICOS
CPF/CNPJ: 45.678.901/0001-23 Inscricao Municipal: 4.567.890-1
LAVAGEM DE VEICULO COMPLETA
VALOR TOTAL DO SERVICO = R$ 1.250,00
Base de Calculo (R$) 1.250,00 Aliquota (%) 2,00 Valor do ISS (R$) 25,00
`;

const RECIBO = `
RECIBO N° 318
Valor: R$ 150,00
Recebi de ACME Engenharia Ltda, CNPJ 11.222.333/0001-81, a importancia de
cento e cinquenta reais referente a servico de borracharia.
Campinas, 12 de novembro de 2026
__________________________
Jose da Silva CPF 123.456.789-09
`;

const PEDAGIO = `
CONCESSIONARIA RODOVIAS DO TIETE S.A.
CNPJ 10.678.505/0001-63
PRACA: P4 - ANHEMBI NORTE
CATEGORIA: 2 - AUTOMOVEL
PLACA: ABC1D23
DATA: 20/11/26 HORA: 07:12
TARIFA: R$ 12,40
TICKET: 0098123
FORMA PAGTO: DINHEIRO
`;

const HOTEL = `
HOTEL POUSADA DAS FLORES
CNPJ: 33.444.555/0001-60
FATURA No 2026/114 - APTO 203
Hospede: Joao Pereira
Check-in: 16/11/2026 Check-out: 19/11/2026
Diarias 3 x 189,00 567,00
Frigobar 32,50
Subtotal 599,50
Taxa de servico 10% 59,95
TOTAL GERAL R$ 659,45
Emitido em 19/11/2026
`;

const COO = `
PADARIA PAO QUENTE ME
CNPJ 22.333.444/0001-05
13/11/2026 07:45:12 CCF:012345 COO: 004521
CUPOM FISCAL
001 CAFE C/ LEITE 1 UN x 6,00 6,00
002 PAO DE QUEIJO 2 UN x 4,50 9,00
SUBTOTAL R$ 15,00
TOTAL R$ 15,00
DINHEIRO 20,00
TROCO 5,00
`;

describe('parseReceiptText on realistic receipts', () => {
  it('reads a CF-e SAT fuel receipt: TOTAL, not payment or TROCO; Extrato number; the date', () => {
    expect(parseReceiptText(CUPOM_SAT)).toEqual({ data: '21/11/2026', documento: '45127', valorCentavos: 21982 });
  });

  it('reads an NFC-e: VALOR A PAGAR beats Valor total; number from "NFC-e n°"; Emissão, not the protocol date', () => {
    expect(parseReceiptText(NFCE)).toEqual({ data: '18/11/2026', documento: '12345', valorCentavos: 7380 });
  });

  it('reads a nota de serviço: thousands separator, Numero da Nota, not the CNPJ or the ISS', () => {
    expect(parseReceiptText(NOTA_SERVICO)).toEqual({ data: '05/11/2026', documento: '4872', valorCentavos: 125000 });
  });

  it('reads a recibo with a written-out date and a CNPJ in the text', () => {
    expect(parseReceiptText(RECIBO)).toEqual({ data: '12/11/2026', documento: '318', valorCentavos: 15000 });
  });

  it('reads a toll ticket: TARIFA, two-digit year, TICKET number (not the plate)', () => {
    expect(parseReceiptText(PEDAGIO)).toEqual({ data: '20/11/2026', documento: '98123', valorCentavos: 1240 });
  });

  it('reads a hotel bill: TOTAL GERAL not Subtotal or daily rate; check-out / issue date, not check-in', () => {
    const r = parseReceiptText(HOTEL);
    expect(r.valorCentavos).toBe(65945);
    expect(r.data).toBe('19/11/2026');
  });

  it('reads an old ECF cupom: COO number, TOTAL not SUBTOTAL, not TROCO', () => {
    expect(parseReceiptText(COO)).toEqual({ data: '13/11/2026', documento: '4521', valorCentavos: 1500 });
  });

  it('takes the amount from the next line when the total and its value were split', () => {
    expect(parseReceiptText('VALOR TOTAL R$\n1.034,90\nTROCO 0,00').valorCentavos).toBe(103490);
  });

  it('accepts the dot that OCR often reads instead of the comma', () => {
    expect(parseReceiptText('TOTAL R$ 87.45').valorCentavos).toBe(8745);
  });

  it('never takes a CNPJ, CPF or phone as the document number', () => {
    const r = parseReceiptText('CNPJ: 12345678000195\nFONE (19) 3232-1000\nCPF 12345678909\nTOTAL 10,00');
    expect(r.documento).toBe('');
  });

  it("reads a number's leading zeros read as the letter O, and never takes a word for one", () => {
    expect(parseReceiptText('N. TRANSACAO OO565968\nVALOR PAGO R$ 66,59').documento).toBe('565968');
    expect(parseReceiptText('CUPOM No: O0O4521').documento).toBe('4521');
    expect(parseReceiptText('RECIBO OBRIGADO 12').documento).toBe('');
  });

  it('leaves everything empty for text that is not a receipt', () => {
    expect(parseReceiptText('Bom dia! Tudo bem com você?')).toEqual({ data: '', documento: '', valorCentavos: undefined });
  });

  it('ignores impossible dates', () => {
    expect(parseReceiptText('DATA: 31/02/2026\nTOTAL 5,00').data).toBe('');
  });

  it('survives typical OCR noise: º read as o, extra spaces', () => {
    const r = parseReceiptText('NFC-e  Nº 000.000.778   Série 1\nVALOR  A  PAGAR  R$   1 234,50\nEmissão: 03/10/2026');
    expect(r).toEqual({ data: '03/10/2026', documento: '778', valorCentavos: 123450 });
  });
});

describe('datesIn', () => {
  it.each([
    ['21/11/2026', '21/11/2026'],
    ['21-11-2026', '21/11/2026'],
    ['21.11.2026', '21/11/2026'],
    ['2026-11-21T10:00', '21/11/2026'],
    ['21/11/26', '21/11/2026'],
    ['1/2/2026', '01/02/2026'],
    ['21 de novembro de 2026', '21/11/2026'],
    ['21/NOV/2026', '21/11/2026'],
    ['5 de março de 2026', '05/03/2026'],
  ])('%s', (text, expected) => {
    expect(datesIn(text)).toEqual([expected]);
  });

  it('does not read a money amount or a CNPJ as a date', () => {
    expect(datesIn('TOTAL 12.40 CNPJ 12.345.678/0001-95')).toEqual([]);
  });
});

describe('NFC-e QR codes', () => {
  const key = makeAccessKey();

  it('checks the access key digit', () => {
    expect(accessKeyIsValid(key)).toBe(true);
    expect(accessKeyIsValid(key.slice(0, 43) + String((Number(key[43]) + 1) % 10))).toBe(false);
  });

  it('reads number and CNPJ from a version 2 online code (no date or value in it)', () => {
    const qr = parseNfceQr(`https://www.nfce.fazenda.sp.gov.br/qrcode?p=${key}|2|1|1|A1B2C3D4E5F6`);
    expect(qr).toEqual({ chave: key, numero: '4521', cnpj: '11222333000181', data: '', valorCentavos: undefined });
  });

  it('reads day and value from an offline (contingency) version 2 code; month and year from the key', () => {
    const qr = parseNfceQr(`http://nfce.sefaz.ba.gov.br/qrcode?p=${key}|2|1|07|73.80|6a6b|1|ABCDEF`);
    expect(qr?.data).toBe('07/11/2026');
    expect(qr?.valorCentavos).toBe(7380);
  });

  it('reads date (hex) and value from a version 1 code', () => {
    const dh = [...'2026-11-18T12:41:03-03:00'].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
    const qr = parseNfceQr(
      `https://nfce.sefaz.rs.gov.br/qrcode?chNFe=${key}&nVersao=100&tpAmb=1&dhEmi=${dh}&vNF=1234.50&vICMS=0.00`,
    );
    expect(qr).toMatchObject({ numero: '4521', data: '18/11/2026', valorCentavos: 123450 });
  });

  it('accepts an alphanumeric CNPJ in the key (IN RFB 2.229/2024)', () => {
    const k = makeAccessKey('12ABC34501DE35', 77);
    expect(parseNfceQr(`https://x/qrcode?p=${k}|3|1`)).toMatchObject({ numero: '77', cnpj: '12ABC34501DE35' });
  });

  it('refuses a code without a valid key', () => {
    expect(parseNfceQr('https://example.com/?p=123|2|1')).toBeUndefined();
    const wrongDigit = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(parseNfceQr(`https://x/?p=${wrongDigit}|2|1`)).toBeUndefined();
  });
});

describe('parseEquipmentLabel', () => {
  it('reads a motor nameplate', () => {
    const text = `WEG
MOTOR DE INDUCAO TRIFASICO
Fabricante: WEG S.A.
Modelo: W22 IR3 Premium
N° Série: 1045893221
Potência: 7,5 kW  60 Hz
Tensão: 220/380 V   Corrente 26,4/15,3 A
Ano de fabricação: 2023   IP55   Peso: 61 kg`;
    expect(parseEquipmentLabel(text)).toMatchObject({
      fabricante: 'WEG S.A.',
      modelo: 'W22 IR3',
      numero_serie: '1045893221',
      potencia: '7,5 KW',
      frequencia: '60 HZ',
      tensao: '220/380 V',
      ano_fabricacao: '2023',
      ip: 'IP55',
      peso: '61 KG',
    });
  });

  it('finds nothing in text without label fields', () => {
    expect(parseEquipmentLabel('texto qualquer sem dados')).toEqual({});
  });
});

describe('parseValorToCentavos', () => {
  it.each([
    ['87,45', 8745],
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['87.45', 8745],
    ['1.234', 123400],
    ['12', 1200],
    ['0,5', 50],
  ])('%s -> %i', (text, centavos) => {
    expect(parseValorToCentavos(text)).toBe(centavos);
  });

  it.each(['', 'abc', '-5,00', '1,2,3', '12,345'])('refuses %j', (text) => {
    expect(parseValorToCentavos(text)).toBeUndefined();
  });

  it('takes numbers in reais', () => {
    expect(parseValorToCentavos(87.45)).toBe(8745);
    expect(parseValorToCentavos(-1)).toBeUndefined();
  });
});
