import type { FaqCategory } from '@ov/domain';
import type { Db } from '../client';
import { faqs } from '../schema';
import { DEFAULT_SPACE } from './base';

type DemoFaq = { category: FaqCategory; q: [string, string]; a: [string, string] };

/** What customers of a water utility really ask (issue 11), in Spanish and English. */
const DEMO_FAQS: DemoFaq[] = [
  {
    category: 'billing',
    q: ['¿Dónde encuentro mi código de cliente?', 'Where do I find my client code?'],
    a: [
      'Está en la parte superior de cada factura, junto a su nombre, como **Código de cliente**: un número de 8 a 15 dígitos. Con él y el número de contrato (o el de una de sus tres últimas facturas) lo asocia en [Códigos de cliente](/).',
      'It is at the top of every invoice, next to your name, as **Client code**: a number of 8 to 15 digits. With it and your contract number (or the number of one of your last three invoices) you add it under [Client codes](/).',
    ],
  },
  {
    category: 'billing',
    q: ['¿Por qué una factura aparece como «Procesando»?', 'Why does an invoice show "Processing"?'],
    a: [
      'Hay un pago en curso para esa factura: la pasarela aún no ha confirmado el resultado. Normalmente se resuelve en minutos; si pasa de media hora, el sistema consulta a la pasarela y la factura vuelve a **Pendiente** o queda **Pagada**.',
      'A payment for that invoice is under way and the gateway has not confirmed it yet. It usually settles within minutes; after half an hour the system asks the gateway and the invoice goes back to **Pending** or becomes **Paid**.',
    ],
  },
  {
    category: 'billing',
    q: ['¿Qué significa «Conveniada»?', 'What does "Agreed" (Conveniada) mean?'],
    a: [
      'La deuda forma parte de un convenio de pago firmado en su oficina comercial. Esas facturas se pagan según lo acordado en la oficina y no en línea.',
      'The debt is part of a payment agreement signed at your commercial office. Those invoices are paid as agreed at the office, not online.',
    ],
  },
  {
    category: 'payments',
    q: [
      '¿Cuánto tarda en verse un pago por Transfermóvil o EnZona?',
      'How long does a Transfermóvil or EnZona payment take to show?',
    ],
    a: [
      'En cuanto la pasarela confirma el pago, casi siempre en segundos. Recibirá una notificación y un correo con el comprobante. Si cerró la aplicación antes de terminar, el pago queda pendiente hasta 30 minutos y luego se cancela solo: no pague dos veces.',
      'As soon as the gateway confirms it, almost always within seconds. You get a notification and an e-mail with the receipt. If you closed the app before finishing, the payment stays pending for up to 30 minutes and is then cancelled by itself: do not pay twice.',
    ],
  },
  {
    category: 'payments',
    q: [
      '¿Cómo funciona el pago adelantado y su bonificación?',
      'How do the advance deposit and its bonus work?',
    ],
    a: [
      'Si un código no tiene deudas puede depositar por adelantado desde $100.00. El depósito recibe una bonificación (5 % por defecto) y se descuenta de sus próximas facturas. Véalo en [Pago adelantado](/payments/prepaid).',
      'When a code has no debt you can deposit in advance from $100.00. The deposit earns a bonus (5% by default) and is taken off your next invoices. See [Advance payment](/payments/prepaid).',
    ],
  },
  {
    category: 'contracts',
    q: ['¿Cómo solicito un contrato y sigo su estado?', 'How do I request a contract and follow it?'],
    a: [
      'Desde la página de inicio, en **Actualizar o solicitar contrato**. Al enviarla recibe un número de solicitud: escríbalo en la búsqueda por número de solicitud para ver en qué estado está.',
      'From the home page, under **Update or request a contract**. When you send it you get a request number: type it in the request search to see its status.',
    ],
  },
  {
    category: 'offices',
    q: ['¿Qué debo llevar a la oficina comercial?', 'What should I bring to the commercial office?'],
    a: [
      'Su carné de identidad, una factura reciente (o su código de cliente) y, para un contrato nuevo, el título de propiedad o el documento que acredite el uso de la vivienda o local.',
      'Your identity card, a recent invoice (or your client code) and, for a new contract, the property title or the document proving the use of the home or premises.',
    ],
  },
  {
    category: 'account',
    q: [
      'No me llegó el correo de verificación, ¿qué hago?',
      'The verification e-mail did not arrive. What now?',
    ],
    a: [
      'Espere unos 15 minutos y revise la carpeta de correo no deseado. Después puede pedir que se lo enviemos de nuevo desde la página de inicio de sesión.',
      'Wait about 15 minutes and check your spam folder. Then you can ask for it again from the sign-in page.',
    ],
  },
];

export async function seedFaqsDemo(db: Db) {
  const order = new Map<string, number>();
  await db.insert(faqs).values(
    DEMO_FAQS.map((f) => {
      const n = (order.get(f.category) ?? 0) + 1;
      order.set(f.category, n);
      return {
        space: DEFAULT_SPACE,
        category: f.category,
        sortOrder: n,
        published: true,
        questionEs: f.q[0],
        questionEn: f.q[1],
        answerEs: f.a[0],
        answerEn: f.a[1],
      };
    }),
  );
}
