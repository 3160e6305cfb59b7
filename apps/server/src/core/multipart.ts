import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, fail } from './errors';

export interface UploadedFile {
  /** The name the client gave (may be empty: a Blob appended without one). */
  filename: string;
  bytes: Buffer;
}

export interface MultipartSpec {
  /** The field of the file ('file'); left out, the first file part of any name is the file. */
  fileField?: string;
  /** The field holding a JSON document ('requestJson', 'fileDescriptionJson'), if the form has one. */
  jsonField?: string;
  maxFileBytes: number;
  /** Texts of this route: a file over the limit, and JSON that does not parse. */
  texts: { tooLarge: string; badJson?: string };
  /** At most this many file parts in the form (a JSON blob part counts as one). Default 2. */
  maxFiles?: number;
}

export interface MultipartForm {
  /** The uploaded file; absent when the form had none, or an empty nameless part (a file input left empty). */
  file?: UploadedFile;
  /** The JSON part, parsed; undefined when the form had none (or it was blank). */
  json?: unknown;
}

/**
 * One reader of upload forms for every route: a file and an optional JSON part, whichever order
 * they come in. The JSON part is accepted in each shape clients send it:
 * - a plain text field (browsers' `FormData.append(name, string)`);
 * - a part typed `application/json` without a file name (`curl -F 'x={…};type=application/json'`,
 *   Spring's RestTemplate, Java and Go clients): @fastify/multipart parses such a field itself and
 *   hands over the value as an object, or fails with FST_INVALID_JSON_FIELD_ERROR;
 * - a Blob with a file name (`FormData.append(name, new Blob([json], {type}))`).
 * Limits and parser failures become Russian 4xx errors, never a 500.
 */
export async function readMultipart(req: FastifyRequest, spec: MultipartSpec): Promise<MultipartForm> {
  if (!req.isMultipart()) throw fail('notMultipart');
  const form: MultipartForm = {};
  const badJson = () => badRequest(spec.texts.badJson ?? fail('badRequest').message);
  try {
    for await (const part of req.parts({ limits: { files: spec.maxFiles ?? 2, fileSize: spec.maxFileBytes } })) {
      if (part.type === 'file') {
        const bytes = await (part as MultipartFile).toBuffer();
        if (spec.jsonField && part.fieldname === spec.jsonField) form.json = parseJson(bytes.toString('utf8'), badJson);
        else if (
          (spec.fileField === undefined || part.fieldname === spec.fileField) &&
          !form.file &&
          (part.filename || bytes.length > 0)
        )
          form.file = { filename: part.filename ?? '', bytes };
      } else if (spec.jsonField && part.fieldname === spec.jsonField) {
        const value = (part as MultipartValue).value;
        form.json = typeof value === 'string' ? parseJson(value, badJson) : value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    switch ((err as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw fail('payloadTooLarge', spec.texts.tooLarge);
      case 'FST_FILES_LIMIT':
        throw fail('oneFileOnly');
      case 'FST_INVALID_JSON_FIELD_ERROR':
        throw badJson();
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw fail('tooManyParts');
      case 'FST_PROTO_VIOLATION':
        throw fail('badRequest');
    }
    throw err;
  }
  return form;
}

/** A blank JSON part counts as absent. */
function parseJson(text: string, bad: () => AppError): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw bad();
  }
}
