import { notFound, unprocessable } from '../lib/http';
import type { UploadedFile } from '../lib/router';
import type { OperationHandlers } from '../lib/operations';
import type { Services } from '../lib/services';
import { apiStatus } from '../lib/points';
import type { Json } from '../lib/spec';
import { attachmentsOf, loadActionable, tasksOf, type StoredTask } from './tasks/model';
import { pointAttachments, pointPdf, saveFile } from './tasks/export';

/**
 * Electronic signature on the reference back end (SPEC §4 "Signing rule" and "Signing sequence", §5 "Attorney file",
 * §7 sign/{id}, sign-attach, upload-attorney). Detached signatures are stored as files (`files` table) beside the
 * signed content; a real deployment verifies them with its crypto provider, this back end checks their form only.
 */

export const ATTORNEY_MAX_BYTES = 2 * 1024 * 1024;
const SIGNING_STATUSES = ['SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'];
export const ATTORNEY_REQUIRED_TEXT = 'Для подписания необходимо загрузить МЧД или отметить чек-бокс о подписании от имени организации';

const refuse = (message: string, field?: string) => unprocessable([{ message, ...(field ? { field } : {}) }], message);

/** SPEC §4: signing needs status "Требуется подпись" / "Требуется подписать отзыв", a signable point and canSign. */
export function signingAllowed(point: Pick<StoredTask, 'status' | 'signable' | 'canSign'>): boolean {
  return SIGNING_STATUSES.includes(point.status.code1C) && point.signable === true && point.canSign === true;
}

function checkSigningRule(point: StoredTask, withoutAttorney: boolean) {
  if (!signingAllowed(point)) throw refuse('Задача сейчас не требует подписи');
  if (point.attorneyRequired && !point.attorney && !withoutAttorney) throw refuse(ATTORNEY_REQUIRED_TEXT, 'withoutAttorney');
}

/** A detached CMS signature arrives as base64; anything else is refused before it is stored. */
export function decodeSignature(value: unknown, field = 'sign'): Buffer {
  const text = typeof value === 'string' ? value.replace(/\s+/g, '') : '';
  if (!text || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) throw refuse('Подпись не распознана: ожидается строка base64', field);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length < 16) throw refuse('Подпись не распознана: слишком короткая', field);
  return bytes;
}

const truthy = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

// ---------------------------------------------------------------------------------------------------------------
// Power of attorney (МЧД) XML: a small strict reader (no DTDs, no external entities), enough to refuse malformed
// files with a clear message and to read who signs and for how long.

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new XmlError(`неизвестная сущность ${whole}`);
    return value;
  });
}

/** Decodes the bytes by the XML declaration's encoding (UTF-8 by default; МЧД files are often windows-1251). */
export function decodeXmlBytes(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\uFEFF?<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head.replace(/^\xEF\xBB\xBF/, ''))?.[1]?.toLowerCase();
  const encoding = declared ?? 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new XmlError(`текст не в кодировке ${encoding}`);
  }
}

const NAME = /^[\p{L}_][\p{L}\p{N}_.:-]*$/u;

export function parseXml(source: string): XmlNode {
  let i = 0;
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  const fail = (why: string): never => {
    const line = source.slice(0, i).split('\n').length;
    throw new XmlError(`${why} (строка ${line})`);
  };
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt < 0 ? source.length : lt);
    if (text.trim()) {
      if (!stack.length) fail('текст вне корневого элемента');
      stack[stack.length - 1]!.text += decodeEntities(text);
    }
    if (lt < 0) break;
    i = lt;
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end < 0) fail('незакрытая инструкция обработки');
      i = end + 2;
    } else if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) fail('незакрытый комментарий');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i);
      if (end < 0) fail('незакрытый блок CDATA');
      if (!stack.length) fail('CDATA вне корневого элемента');
      stack[stack.length - 1]!.text += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith('<!', i)) {
      fail('объявления DOCTYPE и сущностей не допускаются');
    } else if (source.startsWith('</', i)) {
      const end = source.indexOf('>', i);
      if (end < 0) fail('незакрытый тег');
      const name = source.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`закрывающий тег </${name}> не соответствует открытому${open ? ` <${open.name}>` : ''}`);
      i = end + 1;
    } else {
      // Start tag: find its end outside quoted attribute values.
      let j = i + 1;
      let quote: string | null = null;
      while (j < source.length) {
        const c = source[j]!;
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
        else if (c === '<') fail('символ < внутри тега');
        j++;
      }
      if (j >= source.length) fail('незакрытый тег');
      let body = source.slice(i + 1, j);
      const selfClosing = body.endsWith('/');
      if (selfClosing) body = body.slice(0, -1);
      const nameMatch = /^\s*([^\s/>]+)/.exec(body);
      const name = nameMatch?.[1] ?? '';
      if (!NAME.test(name)) fail(`неверное имя элемента «${name}»`);
      const attrs: Record<string, string> = {};
      let rest = body.slice(nameMatch![0].length);
      const attrRe = /^\s+([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/;
      while (rest.trim()) {
        const m = attrRe.exec(rest);
        if (!m) fail(`неверный атрибут в элементе <${name}>`);
        const attrName = m![1]!;
        if (!NAME.test(attrName)) fail(`неверное имя атрибута «${attrName}»`);
        if (attrName in attrs) fail(`повторяющийся атрибут «${attrName}»`);
        const raw = m![3] ?? m![4] ?? '';
        if (raw.includes('<')) fail('символ < в значении атрибута');
        attrs[attrName] = decodeEntities(raw);
        rest = rest.slice(m![0].length);
      }
      const node: XmlNode = { name, attrs, children: [], text: '' };
      if (stack.length) stack[stack.length - 1]!.children.push(node);
      else if (root) fail('второй корневой элемент');
      else root = node;
      if (!selfClosing) stack.push(node);
      i = j + 1;
    }
  }
  if (stack.length) throw new XmlError(`элемент <${stack[stack.length - 1]!.name}> не закрыт`);
  if (!root) throw new XmlError('в файле нет элементов');
  return root;
}

const localName = (name: string) => name.split(':').pop()!;

function* walk(node: XmlNode): Generator<XmlNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

function findValue(root: XmlNode, names: string[]): string | null {
  for (const node of walk(root)) {
    for (const [k, v] of Object.entries(node.attrs)) if (names.includes(localName(k)) && v.trim()) return v.trim();
    if (names.includes(localName(node.name)) && node.text.trim()) return node.text.trim();
  }
  return null;
}

/** "2026-01-01" → "01.01.2026"; DD.MM.YYYY stays. Anything else is refused. */
function normaliseDate(value: string | null): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  if (/^\d{2}\.\d{2}\.\d{4}$/.test(value)) return value;
  throw new XmlError(`неверная дата «${value}»`);
}

/**
 * Reads signer_fio, startDate and endDate. Two layouts are understood: plain elements/attributes with those names,
 * and the ФНС machine-readable attorney (EMCHD): the representative's ФИО (Фамилия, Имя, Отчество) under СвУпПред /
 * Пред, the issue date ДатаВыдДов and the end date СрокДейст.
 */
export function readAttorney(bytes: Buffer): { signer_fio: string; startDate: string | null; endDate: string | null } {
  const root = parseXml(decodeXmlBytes(bytes));
  let fio = findValue(root, ['signer_fio', 'signerFio']);
  if (!fio) {
    const representative = [...walk(root)].find((n) => ['СвУпПред', 'Пред', 'СвПред'].includes(localName(n.name))) ?? root;
    const fioNode = [...walk(representative)].find((n) => localName(n.name) === 'ФИО');
    if (fioNode) {
      const part = (k: string) => fioNode.attrs[k] ?? fioNode.children.find((c) => localName(c.name) === k)?.text.trim() ?? '';
      fio = [part('Фамилия'), part('Имя'), part('Отчество')].filter(Boolean).join(' ') || null;
    }
  }
  if (!fio) throw new XmlError('в доверенности не указаны фамилия, имя и отчество представителя, который подписывает документы');
  const startDate = normaliseDate(findValue(root, ['startDate', 'ДатаВыдДов', 'ДатаНачДейст']));
  const endDate = normaliseDate(findValue(root, ['endDate', 'СрокДейст', 'ДатаКонДейст']));
  return { signer_fio: fio, startDate, endDate };
}

function ddmmyyyyToMs(value: string | null): number | null {
  if (!value) return null;
  const [d, m, y] = value.split('.').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

// ---------------------------------------------------------------------------------------------------------------

export function signingHandlers(s: Services): OperationHandlers {
  const points = tasksOf(s);

  return {
    async attachSign({ user, body }) {
      const attachment = await attachmentsOf(s).get(Number(body.id));
      if (!attachment) throw notFound('Файл не найден');
      if (attachment._pointId === null) throw refuse('Файл ещё не привязан к задаче');
      const point = await loadActionable(s, user, attachment._pointId);
      checkSigningRule(point, truthy(body.withoutAttorney));
      if (!attachment.signable) throw refuse('Этот файл не требует подписи');
      const signature = decodeSignature(body.sign);
      const signFileId = await saveFile(s, `${attachment.originalFileName ?? attachment.fileName}.sig`, 'application/pkcs7-signature', signature);
      await attachmentsOf(s).put({ ...attachment, signValid: true, _signFileId: signFileId });
      return { success: true, message: 'Файл подписан' };
    },

    async projectPointSign({ user, params, body }) {
      const point = await loadActionable(s, user, Number(params.id));
      const withoutAttorney = truthy(body.withoutAttorney);
      checkSigningRule(point, withoutAttorney);
      // SPEC §4 sequence: every signable file first, then the point's PDF.
      const attachments = await pointAttachments(s, point.id);
      const unsigned = attachments.filter((a) => a.signable && !a.signValid);
      if (unsigned.length) throw refuse(`Сначала подпишите файлы: ${unsigned.map((a) => a.originalFileName ?? a.fileName).join(', ')}`);
      const signature = decodeSignature(body.sign);
      const pdf = Buffer.from(String(body.fileBase64 ?? '').replace(/\s+/g, ''), 'base64');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse('Подписываемый файл не является PDF', 'fileBase64');
      const current = await pointPdf(point, attachments);
      if (!current.equals(pdf)) throw refuse('Данные задачи изменились после формирования PDF. Обновите страницу и подпишите снова.', 'fileBase64');
      const signFileId = await saveFile(s, `Задача ${point.id}.pdf.sig`, 'application/pkcs7-signature', signature);
      await saveFile(s, `Задача ${point.id}.pdf`, 'application/pdf', pdf);
      const signed = { _pdfSign: { fileId: signFileId, signedAt: s.clock.now(), withoutAttorney }, signValid: true, canSign: false };
      if (point.status.code1C === 'REVIEW_WITH_SIGNING') {
        // The signed withdrawal completes it: the point is suspended and the withdrawal can still be cancelled.
        await points.put({ ...point, ...signed, status: apiStatus('SUSPENDED'), canCencelHold: true, canReturnToEdit: true, canHold: false, canEdit: false });
      } else {
        await points.put({ ...point, ...signed, status: apiStatus('IN_PROCESSING'), canHold: true, canEdit: false, canReturnToEdit: false });
      }
      return { success: true, message: 'Анкетные данные успешно подписаны' };
    },

    async attorneyUpload({ user, body, files }) {
      const point = await loadActionable(s, user, Number(body.pointId));
      const file: UploadedFile | undefined = files.attorneyFile?.[0];
      // SPEC §5 "Attorney file" messages.
      if (!file || file.data.length === 0) throw refuse('Файл не выбран', 'attorneyFile');
      if (!/\.xml$/i.test(file.fileName)) throw refuse('Файл должен быть в формате XML', 'attorneyFile');
      if (file.data.length > ATTORNEY_MAX_BYTES) throw refuse('Максимальный размер файла 2МБ', 'attorneyFile');
      let attorney: { signer_fio: string; startDate: string | null; endDate: string | null };
      try {
        attorney = readAttorney(file.data);
      } catch (error) {
        if (error instanceof XmlError) throw refuse(`Некорректный файл: ${error.message}`, 'attorneyFile');
        throw error;
      }
      const end = ddmmyyyyToMs(attorney.endDate);
      if (end !== null && end + 86_400_000 < s.clock.now()) throw refuse(`Срок действия МЧД истёк ${attorney.endDate}`, 'attorneyFile');
      const fileId = await saveFile(s, file.fileName, 'application/xml', file.data);
      await points.put({ ...point, attorney: attorney as Json, _attorneyFileId: fileId });
      return attorney;
    },
  };
}

export async function seedSigning(_s: Services): Promise<void> {
  // Signing needs no data of its own: signable points, files and attorneys are seeded with the tasks.
}
