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
 * A JSON answer whose text is written already (lookup/answerText.ts), sent as
 * `res.json` sends one (the app sets no JSON replacer, spaces or escape).
 */
export function sendJsonText(res: Response, status: number, text: string): void {
  res.status(status);
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(text);
}
