import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noStore } from '../plugins/no-store';
import { csvRecord } from './csv';
import { sendCsv } from './csv-file';

async function* streamed() {
  yield csvRecord(['a.be', 'Zürich']);
  yield Buffer.from('b.be,x\r\n');
}

const app = Fastify();
beforeAll(async () => {
  await app.register(noStore, { prefix: '/services' });
  app.get('/services/small', async (_request, reply) =>
    sendCsv(reply, {
      fileName: 'forecast ä.csv',
      recordCount: 2,
      header: ['Month', 'Expiring'],
      records: [csvRecord(['2024-07', 1]), csvRecord(['2024-08', 0])],
    }),
  );
  app.get('/services/large', async (_request, reply) => sendCsv(reply, { fileName: 'report.csv', header: ['Domain name', 'Where'], records: streamed() }));
  await app.ready();
});
afterAll(async () => app.close());

describe('sending a CSV file', () => {
  it('sends a file in memory as one text, with its name, its record count and the API’s cache rule', async () => {
    const res = await app.inject({ url: '/services/small' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="forecast__.csv"');
    expect(res.headers['x-record-count']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.body).toBe('Month,Expiring\r\n2024-07,1\r\n2024-08,0\r\n');
  });

  it('streams a file of any size after its header record, without a count when none is given', async () => {
    const res = await app.inject({ url: '/services/large' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.csv"');
    expect(res.headers['x-record-count']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('Domain name,Where\r\na.be,Zürich\r\nb.be,x\r\n');
  });
});
