import { describe, expect, it } from 'vitest';
import { pageParams } from './page-params';

describe('pageParams', () => {
  it('asks for the page by limit and offset, then the filters that have a value', () => {
    expect(pageParams(1, 20).toString()).toBe('limit=20&offset=0');
    const query = pageParams(3, 20, { search: 'Capacitor 45', cliente: 0, negativos: true, status: '', localId: 7 });
    expect(query.toString()).toBe('limit=20&offset=40&search=Capacitor+45&negativos=true&localId=7');
  });
});
