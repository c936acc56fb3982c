// Answers in the format the request asked for. Endpoints that offer XML call
// `acceptXmlFormat` first, so that even their auth and validation errors
// come back as XML (§4.1: errors keep their HTTP status and the element names).
import type { NextFunction, Request, Response } from 'express';
import { toXml } from './xml.js';

export type ResponseFormat = 'json' | 'xml';

/** Marks the response as XML when the query says format=xml (exactly once). */
export function acceptXmlFormat(req: Request, res: Response, next: NextFunction): void {
  if (req.query.format === 'xml') res.locals.format = 'xml';
  next();
}

export function sendBody(res: Response, status: number, body: unknown): void {
  res.status(status);
  if (res.locals.format === 'xml') {
    res.type('application/xml; charset=utf-8').send(toXml(body));
  } else {
    res.json(body);
  }
}

/**
 * A JSON answer whose text is written already (lookup/answerText.ts), with
 * what `res.json` sends (the app sets no JSON replacer, spaces or escape).
 * `res.send` copies a text of 1,000 characters or more into a Buffer, which
 * Node then writes beside the head (writev); a plain GET's text goes out as
 * a string, in one write with the head. Anything `res.send` treats apart (a
 * conditional request, HEAD, Transfer-Encoding) goes through it.
 */
export function sendJsonText(res: Response, status: number, text: string): void {
  res.status(status);
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  const { headers, method } = res.req;
  const plain =
    status === 200 &&
    method === 'GET' &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined &&
    res.get('Transfer-Encoding') === undefined;
  if (!plain) {
    res.send(text);
    return;
  }
  res.set('Content-Length', String(Buffer.byteLength(text)));
  res.end(text, 'utf8');
}
