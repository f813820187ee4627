import type { CatalogueEntry, ErrorName } from './errors';

const entry = (name: ErrorName, reference: number, status: number, es: string, en: string): CatalogueEntry =>
  Object.freeze({ name, reference, status, es, en });

const bad = (reference: number, es: string, en: string) => entry('BADREQUESTERROR', reference, 400, es, en);
const forbidden = (reference: number, es: string, en: string) =>
  entry('BADREQUESTERROR', reference, 403, es, en);

/** Every error the API answers with (spec §8 plus ours, see errors.ts), in Spanish and English. */
export const ERROR_CATALOGUE: readonly CatalogueEntry[] = Object.freeze([
  entry(
    'INTERNALERROR',
    0,
    500,
    'Ocurrió un error interno al procesar la solicitud. Inténtelo de nuevo más tarde.',
    'An internal error occurred while processing the request. Please try again later.',
  ),

  bad(10, 'Contraseña no válida', 'Invalid password'),
  bad(
    303,
    'El correo electrónico ya está en uso por otro usuario',
    'The e-mail is already used by another user',
  ),
  bad(356, 'Tipo de cliente no válido', 'Invalid client type'),
  bad(
    357,
    'El código de cliente no corresponde al tipo de cliente registrado',
    'The client code does not belong to the registered client type',
  ),
  bad(359, 'No hay datos para la factura', 'There is no data for the invoice'),
  // 410–431: missing or invalid contract request data, one field each.
  bad(410, 'Falta el nombre completo', 'The full name is missing'),
  bad(411, 'Falta la calle de la dirección', 'The address street is missing'),
  bad(412, 'Falta la primera entrecalle', 'The first cross street is missing'),
  bad(413, 'Falta la segunda entrecalle', 'The second cross street is missing'),
  bad(414, 'Falta el municipio', 'The municipality is missing'),
  bad(415, 'Tipo de trámite no válido', 'Invalid procedure type'),
  bad(416, 'Falta el número de contrato', 'The contract number is missing'),
  bad(417, 'Falta la póliza', 'The policy is missing'),
  bad(418, 'Cuenta bancaria no válida', 'Invalid bank account'),
  bad(419, 'Falta el representante legal', 'The legal representative is missing'),
  bad(420, 'Los datos ya existen', 'The data already exists'),
  bad(421, 'Falta la entidad', 'The entity is missing'),
  bad(422, 'Se encontraron datos similares', 'Similar data was found'),
  bad(423, 'Falta el propietario', 'The owner is missing'),
  bad(424, 'Falta el número del hidrómetro', 'The water meter number is missing'),
  bad(425, 'Falta la oficina comercial', 'The commercial office is missing'),
  bad(426, 'Falta el lugar del contrato', 'The place of the contract is missing'),
  bad(427, 'Fecha del contrato no válida', 'Invalid contract date'),
  bad(428, 'Cantidad de personas del núcleo no válida', 'Invalid number of people in the household'),
  bad(429, 'Falta el número de solicitud de conexión', 'The connection request number is missing'),
  bad(430, 'Código de cliente no válido', 'Invalid client code'),
  bad(431, 'Falta el motivo de la solicitud', 'The reason of the request is missing'),
  bad(432, 'Una solicitud anulada no se puede modificar', 'An annulled request cannot be edited'),
  bad(434, 'No se encontró el contrato', 'The contract was not found'),
  // 433, 435–438, 442, 478, 479: contract-request rules design §5 states without a number (ours, docs/contract-requests.md).
  bad(433, 'Carné de identidad o código de entidad no válido', 'Invalid national ID or entity code'),
  bad(435, 'Una solicitud firmada no se puede anular', 'A signed request cannot be annulled'),
  bad(436, 'Indique un teléfono o un correo electrónico', 'Give a phone number or an e-mail address'),
  bad(
    437,
    'La solicitud no puede pasar de su estado actual al estado indicado',
    'The request cannot move from its current status to that status',
  ),
  bad(
    438,
    'El permiso para adjuntar archivos no es válido o ha caducado',
    'The permission to attach files is not valid or has expired',
  ),
  bad(
    442,
    'La solicitud ya tiene el máximo de 5 archivos adjuntos',
    'The request already has the maximum of 5 attachments',
  ),
  bad(
    479,
    'Elija una de las oficinas comerciales que atienden el municipio de la solicitud',
    'Choose one of the commercial offices serving the request’s municipality',
  ),
  bad(
    478,
    'El archivo debe ser una imagen (JPEG, PNG, WebP) o un PDF de hasta 5 MB',
    'The file must be an image (JPEG, PNG, WebP) or a PDF of up to 5 MB',
  ),
  bad(439, 'Correo electrónico no válido', 'Invalid e-mail'),
  bad(440, 'Teléfono no válido', 'Invalid phone number'),
  bad(441, 'Nombre de usuario no válido', 'Invalid username'),
  bad(443, 'El usuario está duplicado', 'Duplicate user'),
  bad(
    444,
    'Ya existe un usuario con ese nombre de usuario, correo electrónico o teléfono',
    'A user with that username, e-mail or phone already exists',
  ),
  // 445–450: missing identifier, key or password.
  bad(445, 'Falta el identificador', 'The identifier is missing'),
  bad(446, 'Falta el identificador del usuario', 'The user identifier is missing'),
  bad(447, 'Falta la clave', 'The key is missing'),
  bad(448, 'Falta la clave de verificación', 'The verification key is missing'),
  bad(449, 'Falta la contraseña', 'The password is missing'),
  bad(450, 'Falta la nueva contraseña', 'The new password is missing'),
  forbidden(451, 'Acción no permitida fuera de su espacio', 'Action not allowed outside your space'),
  forbidden(452, 'No tiene permisos suficientes', 'Insufficient permissions'),
  forbidden(
    453,
    'Acción no permitida para la provincia seleccionada',
    'Action not allowed for the selected province',
  ),
  bad(454, 'Se requiere el motivo de la anulación', 'The reason for the annulment is required'),
  bad(
    455,
    'Solo se pueden anular las solicitudes residenciales',
    'Only residential requests can be annulled',
  ),
  forbidden(
    456,
    'Acción no permitida para el municipio seleccionado',
    'Action not allowed for the selected municipality',
  ),
  bad(457, 'La solicitud ya fue anulada', 'The request was already annulled'),
  // Spec §6 names 458 beside 452 as "insufficient permissions", though §8 does not list it.
  forbidden(458, 'No tiene permisos suficientes', 'Insufficient permissions'),
  bad(459, 'No existe un modelo de contrato', 'There is no contract template'),
  bad(460, 'Ocurrió un problema al generar el archivo', 'There was a problem generating the file'),
  bad(461, 'No hay archivo para descargar', 'There is no file to download'),
  // 462–469: identity administration rules the spec states without a number (ours, see docs/identity-api.md).
  bad(462, 'No puede cambiar su propio estado', 'You cannot change your own status'),
  bad(463, 'No puede eliminar su propio usuario', 'You cannot remove your own user'),
  bad(464, 'No puede enviarse un correo a sí mismo', 'You cannot send an e-mail to yourself'),
  bad(
    465,
    'El rol está asignado a usuarios; quíteselo primero o confirme para quitarlo de todos',
    'The role is assigned to users; remove it from them first or confirm to remove it from all',
  ),
  bad(
    466,
    'Este rol del sistema no se puede modificar ni eliminar',
    'This system role cannot be changed or removed',
  ),
  bad(
    467,
    'Ya tiene una solicitud pendiente para ese rol',
    'You already have a pending request for that role',
  ),
  bad(468, 'La solicitud ya fue resuelta', 'The request was already decided'),
  forbidden(
    477,
    'El registro de cuentas nuevas está cerrado en este momento',
    'Sign-up of new accounts is closed at the moment',
  ),
  bad(469, 'El usuario ya tiene ese rol', 'The user already has that role'),
  // Ours: a municipality key that is not in the list (414 is the spec's "missing", not "unknown").
  bad(486, 'El municipio indicado no existe', 'The municipality given does not exist'),
  forbidden(
    474,
    'Debe cambiar su contraseña antes de continuar',
    'You must change your password before continuing',
  ),
  bad(
    473,
    'No se puede bloquear, eliminar ni quitar el rol al último superadministrador activo',
    'The last active super administrator cannot be blocked, removed or demoted',
  ),
  // 470–472: customers' own account (e-mailed links, uploads); ours, see apps/api/src/modules/account.
  bad(470, 'El enlace no es válido o ya fue utilizado', 'The link is not valid or has already been used'),
  bad(471, 'El enlace ha caducado; solicite uno nuevo', 'The link has expired; please ask for a new one'),
  bad(
    472,
    'El archivo no es una imagen válida (JPEG, PNG, WebP o GIF)',
    'The file is not a valid image (JPEG, PNG, WebP or GIF)',
  ),
  // 480–485: payments (ours, see apps/api/src/modules/payments/README.md).
  bad(
    480,
    'El importe del adelanto es inferior al mínimo permitido',
    'The advance amount is below the allowed minimum',
  ),
  bad(481, 'La pasarela de pago no está habilitada', 'The payment gateway is not enabled'),
  entry(
    'CONFLICTERROR',
    482,
    409,
    'El pago no se puede devolver en su estado actual',
    'The payment cannot be refunded in its current status',
  ),
  entry(
    'CONFLICTERROR',
    483,
    409,
    'La devolución no está pendiente de confirmación',
    'The refund is not waiting for confirmation',
  ),
  entry(
    'CONFLICTERROR',
    487,
    409,
    'El pago no espera una decisión: el sistema comercial no lo rechazó o ya se resolvió',
    'The payment is not waiting for a decision: the commercial system did not refuse it or it was settled',
  ),
  entry(
    'CONFLICTERROR',
    484,
    409,
    'El pago ya no está pendiente, no se puede cancelar',
    'The payment is no longer pending and cannot be cancelled',
  ),
  entry(
    'CONFLICTERROR',
    485,
    409,
    'Un pago por Transfermóvil no se puede cancelar: la orden caduca sola al terminar su tiempo',
    'A Transfermóvil payment cannot be cancelled: the order lapses on its own when its time runs out',
  ),
  // 493–496: claiming an anonymous contract request with a code sent to its e-mail (ours, issue 26).
  bad(493, 'El código no es válido o ya fue utilizado', 'The code is not valid or has already been used'),
  bad(494, 'El código ha caducado; solicite uno nuevo', 'The code has expired; please ask for a new one'),
  bad(495, 'La solicitud ya está en su cuenta', 'The request is already in your account'),
  bad(
    496,
    'La solicitud no tiene correo electrónico: para reclamarla acuda a su oficina comercial',
    'The request has no e-mail address: to claim it, visit your commercial office',
  ),
  bad(497, 'El código de cliente ya está asociado', 'The client code is already associated'),
  bad(498, 'El código de cliente no está asociado', 'The client code is not associated'),
  // Ours (billing): the ownership proof given to associate a client code does not match the account.
  bad(
    499,
    'El dato de titularidad no coincide: indique el número de contrato o el de una de sus tres últimas facturas',
    'The ownership proof does not match: give the contract number or the number of one of the last three invoices',
  ),
  // 610–617: passkeys and the second factor of staff sign-ins (ours, issue 30; apps/api/src/modules/factors).
  forbidden(
    610,
    'Debe confirmar su identidad con su segundo factor antes de continuar',
    'You must confirm your identity with your second factor before continuing',
  ),
  forbidden(
    611,
    'Debe configurar un segundo factor (llave de acceso o aplicación de autenticación) antes de continuar',
    'You must set up a second factor (a passkey or an authenticator app) before continuing',
  ),
  bad(
    612,
    'El código de verificación no es válido o ya fue utilizado',
    'The verification code is not valid or has already been used',
  ),
  bad(613, 'No se pudo verificar la llave de acceso', 'The passkey could not be verified'),
  bad(614, 'Ya tiene una aplicación de autenticación configurada', 'An authenticator app is already set up'),
  bad(
    615,
    'No puede quitar su último segundo factor: el personal debe tener al menos uno',
    'You cannot remove your last second factor: staff must keep at least one',
  ),
  bad(
    616,
    'La verificación caducó o ya fue utilizada; inténtelo de nuevo',
    'The verification expired or was already used; please try again',
  ),
  bad(617, 'No se encontró la llave de acceso', 'The passkey was not found'),
  // 620–629: pay without an account (ours, issue 30; apps/api/src/modules/payments/payments.guest.ts).
  // 620 answers an unknown code and a wrong proof alike, so neither can be told from the other.
  bad(
    620,
    'No encontramos ese código de cliente con ese número: revise el código y el número de su última factura o de su contrato',
    'We found no client code with that number: check the code and the number of your last invoice or of your contract',
  ),
  // 630–641: payment agreements asked from a code's page (ours, issue 30; packages/domain/src/agreements.ts).
  bad(
    630,
    'Seleccione al menos una factura pendiente para el convenio',
    'Choose at least one unpaid invoice for the agreement',
  ),
  bad(
    631,
    'El pago inicial es menor que el mínimo permitido',
    'The down payment is below the allowed minimum',
  ),
  bad(
    632,
    'El pago inicial debe ser menor que la deuda del convenio',
    'The down payment must be less than the debt in the agreement',
  ),
  bad(633, 'El número de cuotas no está permitido', 'That number of instalments is not allowed'),
  bad(
    634,
    'Cada cuota debe ser de al menos el monto mínimo permitido',
    'Each instalment must be at least the allowed minimum',
  ),
  bad(635, 'Indique el motivo de la solicitud', 'Give the reason for the request'),
  bad(
    636,
    'Una de las facturas no está pendiente en este código o ya está en un convenio o en un pago en curso',
    'One of the invoices is not unpaid on this code, or it is already in an agreement or a payment in progress',
  ),
  bad(
    637,
    'Ya hay una solicitud de convenio abierta para este código',
    'There is already an open agreement request for this code',
  ),
  bad(638, 'La solicitud no es de convenio de pago', 'The request is not a payment agreement'),
  bad(639, 'Indique el motivo del rechazo', 'Give the reason for the rejection'),
  bad(
    640,
    'La solicitud ya fue aprobada o rechazada, o sus facturas cambiaron y ya no pueden conveniarse',
    'The request was already approved or rejected, or its invoices changed and can no longer be agreed',
  ),
  forbidden(
    641,
    'Solo el titular asociado al código puede solicitar un convenio',
    'Only the holder associated with the code may ask for an agreement',
  ),
  bad(
    642,
    'El documento del convenio estará disponible cuando se apruebe',
    'The agreement document is available once approved',
  ),
  bad(
    854,
    'El código de cliente está inactivo, no se puede emitir el comprobante',
    'The client code is inactive, the receipt cannot be issued',
  ),
  bad(855, 'No hay facturas para el comprobante', 'There are no invoices for the receipt'),

  // Payment result codes of spec §8 (reference = code; texts equal PAYMENT_RESULTS). 1 and 2 are
  // answers, not errors, but are listed so every code has a message in both languages.
  entry(
    'PAYMENTRESULT',
    1,
    400,
    'No tiene deuda, puede realizar un pago adelantado',
    'You have no debt, you can make an advance payment',
  ),
  entry('PAYMENTRESULT', 2, 400, 'Pago realizado satisfactoriamente', 'Payment made successfully'),
  entry('PAYMENTRESULT', 3, 409, 'La deuda ya fue pagada', 'The debt has already been paid'),
  entry('PAYMENTRESULT', 4, 409, 'Error al procesar el pago', 'Error processing the payment'),
  entry('PAYMENTRESULT', 5, 400, 'El código de cliente no existe', 'The client code does not exist'),
  entry('PAYMENTRESULT', 6, 400, 'Código de transacción incorrecto', 'Incorrect transaction code'),
  entry('PAYMENTRESULT', 7, 400, 'La deuda solicitada no existe', 'The requested debt does not exist'),
  entry(
    'PAYMENTRESULT',
    8,
    400,
    'No puede realizar pagos adelantados, tiene deudas por pagar',
    'You cannot make advance payments, you have debts to pay',
  ),
  entry(
    'PAYMENTRESULT',
    9,
    400,
    'Solo procede un pago parcial para el período',
    'Only a partial payment applies for the period',
  ),
  entry('PAYMENTRESULT', 10, 400, 'Error al consultar la deuda', 'Error querying the debt'),
  entry('PAYMENTRESULT', 11, 400, 'El código de transacción ha expirado', 'The transaction code has expired'),
  entry(
    'PAYMENTRESULT',
    12,
    400,
    'La deuda está conveniada, diríjase a la oficina comercial',
    'The debt is under a payment agreement, please go to the commercial office',
  ),
  entry(
    'PAYMENTRESULT',
    13,
    400,
    'El importe a pagar no coincide con el valor actual',
    'The amount to pay does not match the current value',
  ),

  entry('NOTFOUND', 415, 404, 'No se encontró el elemento solicitado', 'The requested item was not found'),
  entry('NOTFOUND', 404, 404, 'Recurso no encontrado', 'Resource not found'),

  entry(
    'UNAUTHORIZEDERROR',
    0,
    403,
    'No tiene permiso para realizar esta acción',
    'You are not allowed to do this',
  ),
  entry(
    'UNAUTHORIZEDERROR',
    410,
    403,
    'No tiene permiso para asignar roles',
    'You are not allowed to assign roles',
  ),

  // 400, not 401: a 401 makes the client refresh its token, which is wrong for a failed sign-in.
  entry('BADCREDENTIALSERROR', 490, 400, 'Credenciales no válidas', 'Invalid credentials'),
  entry('USERNOTVERIFIEDERROR', 491, 400, 'La cuenta no está verificada', 'The account is not verified'),
  entry('USERNOTLOCKERROR', 492, 400, 'La cuenta está bloqueada', 'The account is blocked'),

  entry(
    'AUTHENTICATIONERROR',
    0,
    401,
    'Sesión no válida o expirada. Inicie sesión de nuevo.',
    'Invalid or expired session. Please sign in again.',
  ),
  entry('VALIDATIONERROR', 0, 400, 'Datos no válidos', 'Invalid data'),
  entry(
    'VALIDATIONERROR',
    413,
    413,
    'El contenido enviado es demasiado grande',
    'The request body is too large',
  ),
  entry('VALIDATIONERROR', 415, 415, 'Tipo de contenido no admitido', 'Unsupported content type'),
  entry(
    'VALIDATIONERROR',
    475,
    400,
    'La solicitud contiene caracteres no permitidos',
    'The request contains characters that are not allowed',
  ),
  entry(
    'VALIDATIONERROR',
    476,
    400,
    'La solicitud tiene demasiados niveles de anidamiento',
    'The request is nested too deeply',
  ),
  entry(
    'VALIDATIONERROR',
    431,
    431,
    'La dirección o las cabeceras de la solicitud son demasiado largas',
    'The request address or headers are too long',
  ),
  entry(
    'CONFLICTERROR',
    409,
    409,
    'Ya existe un registro con esos datos o fue modificado por otro usuario',
    'A record with this data already exists or it was changed by another user',
  ),
  entry(
    'TOOMANYREQUESTSERROR',
    490,
    429,
    'Demasiados intentos fallidos de inicio de sesión. Espere unos minutos e inténtelo de nuevo.',
    'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  ),
  entry(
    'TOOMANYREQUESTSERROR',
    429,
    429,
    'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    'Too many requests. Please wait a moment and try again.',
  ),
  // 504: the utility's commercial system does not answer and nothing is known yet of what was asked
  // (ours, design §7; with a last known answer the figures are shown marked with their date instead).
  entry(
    'SERVICEUNAVAILABLEERROR',
    504,
    503,
    'El sistema comercial no responde y aún no hay datos de este código. Inténtelo de nuevo en unos minutos.',
    'The commercial system is not answering and nothing is known yet about this code. Please try again in a few minutes.',
  ),
  entry(
    'SERVICEUNAVAILABLEERROR',
    503,
    503,
    'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    'The service is unavailable right now. Please try again in a few seconds.',
  ),
]);
