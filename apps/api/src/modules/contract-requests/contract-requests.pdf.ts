import type { ContractSector } from '@ov/domain';
import type { Lang } from '../../lib/language';
import { field, header, render, UTILITY_HEADER } from '../billing';

type Doc = PDFKit.PDFDocument;

export interface ContractModel {
  title: { es: string; en: string };
  clauses: { es: string[]; en: string[] };
  tariffBasis: { es: string; en: string };
}

/** The contract model each sector ships with (design §5: a fresh install can sign). */
export const DEFAULT_CONTRACT_MODELS: Record<ContractSector, ContractModel> = {
  RESIDENTIAL: {
    title: {
      es: 'Contrato de servicio de acueducto y alcantarillado — sector residencial',
      en: 'Water and sewerage service contract — residential sector',
    },
    clauses: {
      es: [
        'LA EMPRESA se obliga a suministrar agua potable a la vivienda indicada de forma continua, salvo interrupciones programadas avisadas con antelación o causas de fuerza mayor.',
        'EL CLIENTE se obliga a pagar el servicio en cada período de facturación según la tarifa vigente y a mantener en buen estado las instalaciones interiores de la vivienda.',
        'EL CLIENTE permitirá el acceso del personal de LA EMPRESA, debidamente identificado, para la lectura, revisión o instalación del metro contador.',
        'Las deudas de más de dos facturas vencidas facultan a LA EMPRESA a gestionar su cobro en la oficina comercial correspondiente.',
        'Este contrato entra en vigor en la fecha de su firma y tiene duración indefinida; cualquiera de las partes podrá darlo por terminado con aviso de treinta días.',
      ],
      en: [
        'THE COMPANY undertakes to supply drinking water to the stated home continuously, except for scheduled interruptions announced in advance or force majeure.',
        'THE CLIENT undertakes to pay for the service every billing period at the current tariff and to keep the home’s indoor installations in good repair.',
        'THE CLIENT shall allow THE COMPANY’s identified staff access to read, inspect or install the water meter.',
        'Debts of more than two overdue invoices entitle THE COMPANY to pursue their collection at the corresponding commercial office.',
        'This contract comes into force on the date it is signed and runs indefinitely; either party may end it with thirty days’ notice.',
      ],
    },
    tariffBasis: {
      es: 'Tarifa residencial: por metro cúbico medido o, sin metro, por persona del núcleo según la norma vigente.',
      en: 'Residential tariff: per measured cubic metre or, without a meter, per household member as the current rule sets.',
    },
  },
  STATE: {
    title: {
      es: 'Contrato de servicio de acueducto y alcantarillado — sector estatal',
      en: 'Water and sewerage service contract — state sector',
    },
    clauses: {
      es: [
        'LA EMPRESA suministrará agua potable y prestará el servicio de alcantarillado a la entidad en la dirección indicada.',
        'LA ENTIDAD pagará cada período de facturación mediante transferencia desde la cuenta bancaria declarada, dentro de los treinta días siguientes a la emisión de la factura.',
        'LA ENTIDAD mantendrá metro contador en funcionamiento y comunicará a LA EMPRESA cualquier avería en un plazo de 48 horas.',
        'Las partes resolverán sus discrepancias por conciliación y, de no lograrse, ante la sala competente.',
      ],
      en: [
        'THE COMPANY shall supply drinking water and provide the sewerage service to the entity at the stated address.',
        'THE ENTITY shall pay every billing period by transfer from the declared bank account within thirty days of the invoice being issued.',
        'THE ENTITY shall keep a working water meter and report any fault to THE COMPANY within 48 hours.',
        'The parties shall settle disagreements by conciliation and, failing that, before the competent court.',
      ],
    },
    tariffBasis: {
      es: 'Tarifa estatal: por metro cúbico medido, con cargo fijo mensual por acometida.',
      en: 'State tariff: per measured cubic metre, with a fixed monthly charge per connection.',
    },
  },
  ESTATE_BIG_CLIENT: {
    title: {
      es: 'Contrato de servicio de acueducto y alcantarillado — grandes clientes',
      en: 'Water and sewerage service contract — big clients',
    },
    clauses: {
      es: [
        'LA EMPRESA suministrará agua potable y prestará el servicio de alcantarillado al cliente en la dirección indicada, con el caudal acordado.',
        'EL CLIENTE pagará cada período de facturación mediante transferencia desde la cuenta bancaria declarada; los atrasos devengan el recargo que fija la norma vigente.',
        'EL CLIENTE instalará y mantendrá a su cargo el metro contador homologado y permitirá su lectura.',
        'Cualquier cambio de titular, uso o dirección se tramitará como una nueva solicitud de contrato.',
      ],
      en: [
        'THE COMPANY shall supply drinking water and provide the sewerage service to the client at the stated address, at the agreed flow.',
        'THE CLIENT shall pay every billing period by transfer from the declared bank account; arrears bear the surcharge the current rule sets.',
        'THE CLIENT shall install and maintain an approved water meter at its own cost and allow it to be read.',
        'Any change of holder, use or address shall be processed as a new contract request.',
      ],
    },
    tariffBasis: {
      es: 'Tarifa de grandes clientes: por metro cúbico medido según el uso declarado (comercial o productivo).',
      en: 'Big-client tariff: per measured cubic metre according to the declared use (commercial or productive).',
    },
  },
};

const L = {
  es: {
    contractNumber: 'Número de contrato',
    policy: 'Póliza',
    requestId: 'Solicitud',
    cc: 'Código de cliente',
    parties: 'Partes',
    company: 'LA EMPRESA',
    client: 'EL CLIENTE',
    nationalId: 'Carné de identidad',
    entityCode: 'Código de entidad',
    legalRepresentative: 'Representante legal',
    bankAccount: 'Cuenta bancaria',
    address: 'Dirección del servicio',
    office: 'Oficina comercial',
    nucleus: 'Personas en el núcleo',
    hydrometer: 'Metro contador',
    tariff: 'Base tarifaria',
    billingPeriod: 'Período de facturación',
    months: (n: number) => (n === 1 ? 'mensual' : n === 2 ? 'bimestral (cada 2 meses)' : `cada ${n} meses`),
    clauses: 'Cláusulas',
    placeDate: 'Lugar y fecha',
    signCompany: 'Por LA EMPRESA',
    signClient: 'Por EL CLIENTE',
    verification: 'Código de verificación',
    verifyAt: 'Verifique este documento en',
    receipt: 'Comprobante de solicitud de contrato',
    sector: 'Sector',
    procedure: 'Trámite',
    date: 'Fecha',
    holder: 'Solicitante',
    municipality: 'Municipio',
    status: 'Estado',
    follow: 'Siga su solicitud en',
    keep: 'Conserve este comprobante: el número de solicitud es lo único que necesita para consultar su estado.',
  },
  en: {
    contractNumber: 'Contract number',
    policy: 'Policy',
    requestId: 'Request',
    cc: 'Client code',
    parties: 'Parties',
    company: 'THE COMPANY',
    client: 'THE CLIENT',
    nationalId: 'National ID',
    entityCode: 'Entity code',
    legalRepresentative: 'Legal representative',
    bankAccount: 'Bank account',
    address: 'Service address',
    office: 'Commercial office',
    nucleus: 'People in the household',
    hydrometer: 'Water meter',
    tariff: 'Tariff basis',
    billingPeriod: 'Billing period',
    months: (n: number) =>
      n === 1 ? 'monthly' : n === 2 ? 'bimonthly (every 2 months)' : `every ${n} months`,
    clauses: 'Clauses',
    placeDate: 'Place and date',
    signCompany: 'For THE COMPANY',
    signClient: 'For THE CLIENT',
    verification: 'Verification code',
    verifyAt: 'Verify this document at',
    receipt: 'Contract request receipt',
    sector: 'Sector',
    procedure: 'Procedure',
    date: 'Date',
    holder: 'Requester',
    municipality: 'Municipality',
    status: 'Status',
    follow: 'Follow your request at',
    keep: 'Keep this receipt: the request number is all you need to check its status.',
  },
} as const;

export interface ContractPdf {
  model: ContractModel;
  requestId: string;
  contractNumber: string;
  policy: string;
  clientCode: string | null;
  clientName: string;
  nationalId: string | null;
  entity: string | null;
  entityCode: string | null;
  legalRepresentative: string | null;
  bankAccount: string | null;
  address: string;
  municipality: string;
  commercialOffice: string;
  nucleusPeople: number | null;
  hydrometerNumber: string | null;
  /** Months each invoice covers (the settings in force when the contract is drawn up). */
  billingPeriodMonths: number;
  place: string;
  date: string;
  verificationCode: string;
  verifyUrl: string;
}

export function signatureBlocks(doc: Doc, left: string, right: string, leftName: string, rightName: string) {
  doc.moveDown(3);
  const y = doc.y;
  const width = 200;
  doc
    .moveTo(60, y)
    .lineTo(60 + width, y)
    .stroke();
  doc
    .moveTo(335, y)
    .lineTo(335 + width, y)
    .stroke();
  doc.font('Helvetica').fontSize(9);
  doc.text(left, 60, y + 4, { width, align: 'center' });
  doc.text(leftName, 60, doc.y, { width, align: 'center' });
  doc.text(right, 335, y + 4, { width, align: 'center' });
  doc.text(rightName, 335, doc.y, { width, align: 'center' });
  doc.x = 50;
  doc.moveDown(2);
}

export function renderRequestContract(c: ContractPdf, lang: Lang): Promise<Buffer> {
  const l = L[lang];
  const title = c.model.title[lang];
  return render(title, (doc) => {
    header(doc, title);
    field(doc, l.contractNumber, c.contractNumber);
    field(doc, l.policy, c.policy);
    field(doc, l.requestId, c.requestId);
    if (c.clientCode) field(doc, l.cc, c.clientCode);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(l.parties).fontSize(10);
    field(doc, l.company, `${UTILITY_HEADER.split(' — ')[0]}, ${c.commercialOffice}`);
    field(doc, l.client, c.entity ? `${c.entity} (${c.clientName})` : c.clientName);
    if (c.nationalId) field(doc, l.nationalId, c.nationalId);
    if (c.entityCode) field(doc, l.entityCode, c.entityCode);
    if (c.legalRepresentative) field(doc, l.legalRepresentative, c.legalRepresentative);
    if (c.bankAccount) field(doc, l.bankAccount, c.bankAccount);
    field(doc, l.address, `${c.address}, ${c.municipality}`);
    field(doc, l.office, c.commercialOffice);
    if (c.nucleusPeople) field(doc, l.nucleus, String(c.nucleusPeople));
    if (c.hydrometerNumber) field(doc, l.hydrometer, c.hydrometerNumber);
    field(doc, l.tariff, c.model.tariffBasis[lang]);
    field(doc, l.billingPeriod, l.months(c.billingPeriodMonths));
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(l.clauses).fontSize(10).font('Helvetica');
    c.model.clauses[lang].forEach((clause, i) => {
      doc.moveDown(0.3).text(`${i + 1}. ${clause}`, { align: 'justify' });
    });
    doc.moveDown();
    field(doc, l.placeDate, `${c.place}, ${c.date}`);
    signatureBlocks(doc, l.signCompany, l.signClient, c.commercialOffice, c.clientName);
    field(doc, l.verification, c.verificationCode);
    doc.font('Helvetica').fontSize(8).text(`${l.verifyAt} ${c.verifyUrl}`);
  });
}

export interface RequestReceiptPdf {
  requestId: string;
  sector: string;
  procedure: string;
  status: string;
  holder: string;
  municipality: string;
  date: string;
  followUrl: string;
}

/** The requester's receipt: nothing personal beyond the masked name (the ID alone opens it). */
export function renderRequestReceipt(r: RequestReceiptPdf, lang: Lang): Promise<Buffer> {
  const l = L[lang];
  return render(l.receipt, (doc) => {
    header(doc, l.receipt);
    doc.font('Helvetica-Bold').fontSize(22).text(r.requestId, { align: 'center' });
    doc.moveDown().fontSize(10);
    field(doc, l.date, r.date);
    field(doc, l.sector, r.sector);
    field(doc, l.procedure, r.procedure);
    field(doc, l.holder, r.holder);
    field(doc, l.municipality, r.municipality);
    field(doc, l.status, r.status);
    doc.moveDown();
    doc.font('Helvetica').text(l.keep);
    doc.moveDown(0.5).text(`${l.follow} ${r.followUrl}`);
  });
}
