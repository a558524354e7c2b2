import { Lightbulb } from 'lucide-react';
import { PageTitle } from '../../../components/ui/page-title';

/** Short usage tips for each screen of the product (docs/rules.md#fixed-defects: /dicas). */
const TIPS: { screen: string; path: string; tips: string[] }[] = [
  {
    screen: 'Login',
    path: '/login',
    tips: [
      'O usuário não diferencia maiúsculas de minúsculas; após várias senhas erradas o acesso espera alguns minutos.',
      'Esqueceu a senha? Use "Esqueci a senha." e receba por e-mail um link válido por 30 minutos.',
    ],
  },
  {
    screen: 'Esqueci a senha',
    path: '/esqueci',
    tips: [
      'Informe o nome completo e o e-mail cadastrados; o link chega por e-mail e só pode ser usado uma vez.',
      'Ao gravar o novo login e senha, as outras sessões abertas com a conta são encerradas.',
    ],
  },
  {
    screen: 'Ordem de Serviços',
    path: '/os',
    tips: [
      'Use a busca para achar uma OS pelo cliente ou pelo número; combine com o filtro de status.',
      'O número da OS é dado pelo sistema ao criar; cliente e data são obrigatórios.',
      'O técnico escolhido é quem verá a OS em Lançamentos.',
    ],
  },
  {
    screen: 'Lançamentos',
    path: '/service-orders',
    tips: [
      'Cada cartão traz os botões da OS: horas, descrição, despesas, assinatura e visualização.',
      'Ao salvar a Viagem Ida, a OS passa a Em andamento e a aba de ida fica bloqueada.',
      'Com a assinatura do cliente e a Viagem Volta lançadas, a OS é concluída e sai da lista.',
      'Sem sinal? Os lançamentos ficam no telefone e são enviados quando a conexão voltar.',
    ],
  },
  {
    screen: 'Despesas',
    path: '/service-orders',
    tips: [
      'Fotografe o comprovante bem enquadrado: data, número e valor são lidos da foto e preenchem o formulário.',
      'Confira sempre os campos preenchidos pela leitura antes de salvar.',
      'A descrição precisa de pelo menos 15 caracteres.',
    ],
  },
  {
    screen: 'Clientes',
    path: '/clientes',
    tips: [
      'Razão social e CNPJ são obrigatórios; o CNPJ pode ser numérico ou alfanumérico.',
      'O percentual (padrão 1,35) multiplica as horas no fechamento.',
    ],
  },
  {
    screen: 'Tipo de Despesas',
    path: '/tipodespesas',
    tips: ['Um tipo já usado em despesas não pode ser excluído: renomeie-o se precisar.'],
  },
  {
    screen: 'Empresas',
    path: '/empresas',
    tips: [
      'A primeira empresa cadastrada é o cabeçalho dos PDFs das OS.',
      'O nome é obrigatório; o CNPJ, quando informado, é conferido pelos dígitos verificadores.',
    ],
  },
  {
    screen: 'Gestão de Usuários',
    path: '/users',
    tips: [
      'O tipo define o acesso: Admin vê tudo, Padrao cria e edita OS, Tecnico só vê as próprias OS.',
      'Para trocar a senha de alguém, preencha o campo senha ao editar; em branco, ela fica como está.',
    ],
  },
  {
    screen: 'Email',
    path: '/emails',
    tips: [
      'Ao escolher o cliente, o e-mail do destinatário é preenchido.',
      'Em Emails Enviados, Ver Anexo abre exatamente a versão do documento que foi enviada.',
    ],
  },
  {
    screen: 'Relatorio de O.S.',
    path: '/osrelatorio',
    tips: ['Filtre por período, cliente, status e engenheiro; exporte o resultado para CSV ou XLSX.'],
  },
  {
    screen: 'Fechamento',
    path: '/pdf',
    tips: [
      'Busque a OS pelo cliente ou pelo número; gere o PDF completo e abra-o pelo ícone do olho.',
      'Gerar de novo sobre um PDF existente pede confirmação antes de substituí-lo.',
    ],
  },
  {
    screen: 'Fechamento (Fechar ordens)',
    path: '/fechamento',
    tips: [
      'Selecione OS concluídas de um mesmo cliente, confira a prévia e confirme o fechamento.',
      'O fechamento passa as OS a Fechado e congela seus lançamentos; reabrir pede um motivo.',
      'O PDF do fechamento mostra cada conta, para que possa ser conferido à mão.',
    ],
  },
  {
    screen: 'Dash',
    path: '/dashboard',
    tips: ['Escolha Data Início e Data Fim e clique em Aplicar; sem datas, são mostrados os últimos 12 meses.'],
  },
  {
    screen: 'Grid',
    path: '/grid',
    tips: [
      'Mostra todas as OS abertas, das mais antigas para as mais novas; acima de 30 dias o número de dias fica em vermelho.',
    ],
  },
  {
    screen: 'PDF ESTUDO',
    path: '/pdfestudo',
    tips: [
      'Arraste um PDF de até 10MB e clique em Extrair Texto; páginas digitalizadas são lidas por OCR e demoram mais.',
      'PDFs protegidos por senha não podem ser lidos: envie uma cópia sem senha.',
      'Use Copiar ou Baixar TXT para levar o texto adiante.',
    ],
  },
  {
    screen: 'Gerar Prompt',
    path: '/gerarprompt',
    tips: [
      'Título e conteúdo geram um prompt organizado em papel, contexto, tarefa e formato.',
      'O nome do arquivo é sem .pdf; com a opção de data marcada, a data do dia é acrescentada.',
    ],
  },
  {
    screen: 'Rótulos',
    path: '/rotulos',
    tips: [
      'Envie a foto de uma etiqueta de equipamento: Extrair Texto traz o texto; Extrair Texto Gemini traz também fabricante, modelo, série, tensão e potência.',
      'Foto nítida, de frente e sem reflexo dá a melhor leitura.',
    ],
  },
  {
    screen: 'Documentos',
    path: '/documentos',
    tips: ['Envie imagens JPG ou PNG de até 5MB; clique numa imagem para ampliá-la.'],
  },
  {
    screen: 'Power Bi Clientes',
    path: '/bi',
    tips: ['Mostra o painel externo configurado pelo administrador do sistema (endereço https).'],
  },
  {
    screen: 'Configurações',
    path: '/configuracoes',
    tips: ['Os valores das faixas de hora e do km rodado valem para os próximos fechamentos.'],
  },
];

/** /dicas: usage tips per screen. */
export function TipsPage() {
  return (
    <section className="mx-auto max-w-4xl">
      <PageTitle title="Dicas">Dicas rápidas de uso de cada tela do sistema.</PageTitle>
      <div className="grid gap-3 md:grid-cols-2">
        {TIPS.map((item) => (
          <article
            key={item.screen}
            className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
          >
            <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <Lightbulb className="size-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
              {item.screen}
              <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{item.path}</span>
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {item.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
