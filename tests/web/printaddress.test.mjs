// printaddress.test.mjs: the note under the worksheets' address field
// (web/src/printAddress.js baseNote). The single file opened from a USB stick
// (file://…/friction-explorer.html) printed its file: address on the sheets'
// links and QR codes with no word that a phone cannot open it (the
// walk): a file address now gets its own note, as this computer's own
// address (127.0.0.1, localhost) does; any other address is said as it is.
// Expected sentences: the tables' text, filled here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fill } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';
import { baseNote, pageBase, displayAddress } from '../../web/src/printAddress.js';

describe('printAddress baseNote', () => {
  it('a file: address (the single file from a USB stick) is said to be unreachable by phones', () => {
    assert.equal(baseNote('file:///media/usb/friction-explorer.html'), TABLES.en['worksheet.base.file']);
    assert.match(TABLES.en['worksheet.base.file'], /phones cannot open/);
    assert.ok(TABLES.fr['worksheet.base.file'] && TABLES.fr['worksheet.base.file'] !== TABLES.en['worksheet.base.file'], 'a French sentence of its own');
  });
  it('this computer\'s own address keeps the loopback note, naming the host', () => {
    assert.equal(baseNote('http://127.0.0.1:8771/'), fill(TABLES.en['worksheet.base.loopback'], { host: '127.0.0.1' }));
    assert.equal(baseNote('http://localhost/fx/'), fill(TABLES.en['worksheet.base.loopback'], { host: 'localhost' }));
  });
  it('a reachable address is said as it is', () => {
    assert.equal(baseNote('https://school.example/friction/'), fill(TABLES.en['worksheet.base.now'], { url: 'https://school.example/friction/' }));
  });
  it('the page\'s own address from file: is the file (Firefox gives a file: page the origin "null", which made "null/…" and a TypeError)', () => {
    assert.equal(pageBase('file:///media/usb/friction-explorer.html?view=fit&lang=fr#top'), 'file:///media/usb/friction-explorer.html');
    assert.equal(pageBase('http://127.0.0.1:8771/fx/index.html?view=laws'), 'http://127.0.0.1:8771/fx/index.html');
    assert.equal(baseNote(pageBase('file:///media/usb/friction-explorer.html?lang=fr')), TABLES.en['worksheet.base.file']);
  });
});

describe('printAddress displayAddress', () => {
  it('a folder name with accents and spaces reads as written (the single file from "Clé USB/Physique 1ère")', () => {
    assert.equal(displayAddress('file:///media/Cl%C3%A9%20USB/Physique%201%C3%A8re/friction-explorer.html'),
      'file:///media/Clé USB/Physique 1ère/friction-explorer.html');
    assert.equal(displayAddress(pageBase('file:///media/Cl%C3%A9%20USB/friction-explorer.html?view=fit')), 'file:///media/Clé USB/friction-explorer.html');
  });
  it('the escapes of what structures an address stay (/ ? # & = , in a value)', () => {
    assert.equal(displayAddress('https://school.example/a%2Fb/?view=laws&x=1%262%3D3%2C4%23'), 'https://school.example/a%2Fb/?view=laws&x=1%262%3D3%2C4%23');
  });
  it('an address that does not decode, or decodes to an invisible or direction-changing character, stays as it is', () => {
    assert.equal(displayAddress('https://school.example/%E0%A4%A'), 'https://school.example/%E0%A4%A');
    assert.equal(displayAddress('https://school.example/%E2%80%AEgnp.exe'), 'https://school.example/%E2%80%AEgnp.exe');
    assert.equal(displayAddress('https://school.example/a%0Ab'), 'https://school.example/a%0Ab');
  });
  it('the note under the field says the address as read', () => {
    assert.equal(baseNote('https://school.example/Cl%C3%A9%20USB/'), fill(TABLES.en['worksheet.base.now'], { url: 'https://school.example/Clé USB/' }));
  });
});
