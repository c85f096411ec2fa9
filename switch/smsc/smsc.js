// An SMSC for Dialtone's tests, on the published `smpp` package (npm), so the carrier
// side of the SMPP link is code nobody on this project wrote the protocol for.
//
//   node smsc.js <smpp-port> <control-port> <system-id> <password>
//
// The control port is a loopback HTTP API the Rust tests drive (JSON bodies):
//   GET  /pdus      every submit_sm received, in order, with the status answered
//   GET  /sessions  how many transceivers are bound
//   POST /mode      {"throttle": n} the next n submit_sm get ESME_RTHROTTLED;
//                   {"reject": n, "status": code} the next n get that error;
//                   {"receipts": "DELIVRD" | "UNDELIV" | null} a receipt after each
//                   accepted message (its last part), or none
//   POST /receipt   {"message_id", "stat", "err"} one receipt now
//   POST /deliver   {"from", "to", "text"} an inbound message now
//   POST /drop      closes every session's socket without unbind
'use strict';
const http = require('http');
const smpp = require('smpp');

const [smppPort, controlPort, systemId, password] = process.argv.slice(2);
const pdus = [];
const sessions = new Set();
let throttle = 0;
let reject = 0;
let rejectStatus = smpp.ESME_RSUBMITFAIL;
let receipts = null;
let nextId = 1;

function smscDate(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

// The receipt text of SMPP 3.4 Appendix B, which carriers follow loosely and clients parse.
function sendReceipt(messageId, stat, err, to, from) {
  const now = smscDate(new Date());
  const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${now} done date:${now} stat:${stat} err:${err || '000'} text:`;
  for (const session of sessions) {
    session.send(new smpp.PDU('deliver_sm', {
      source_addr: to || '',
      destination_addr: from || '',
      esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
      short_message: Buffer.from(text, 'ascii'),
      receipted_message_id: messageId,
    }));
    return true;
  }
  return false;
}

function udhHex(elements) {
  const all = Buffer.concat(elements);
  return Buffer.concat([Buffer.from([all.length]), all]).toString('hex');
}

function onSubmit(session, pdu) {
  const sm = pdu.short_message || {};
  const record = {
    sequence_number: pdu.sequence_number,
    system_id: session.systemId,
    source_addr: pdu.source_addr,
    destination_addr: pdu.destination_addr,
    esm_class: pdu.esm_class,
    data_coding: pdu.data_coding,
    registered_delivery: pdu.registered_delivery,
    // The whole header as sent: its length octet, then its elements.
    udh: sm.udh && sm.udh.length ? udhHex(sm.udh) : null,
    text: typeof sm.message === 'string' ? sm.message : String(sm.message || ''),
    status: 0,
    message_id: null,
    at: Date.now(),
  };
  if (throttle > 0) {
    throttle -= 1;
    record.status = smpp.ESME_RTHROTTLED;
  } else if (reject > 0) {
    reject -= 1;
    record.status = rejectStatus;
  } else {
    record.message_id = `smsc-${nextId++}`;
  }
  pdus.push(record);
  session.send(pdu.response(record.message_id
    ? { message_id: record.message_id }
    : { command_status: record.status }));
  // One receipt per message: after its last part (or its only one).
  const udh = record.udh && record.udh.startsWith('050003') ? record.udh : null;
  const last = !udh || udh.slice(8, 10) === udh.slice(10, 12);
  if (record.message_id && receipts && last) {
    setTimeout(() => sendReceipt(record.message_id, receipts,
      receipts === 'DELIVRD' ? '000' : '001', record.destination_addr, record.source_addr), 20);
  }
}

const server = smpp.createServer((session) => {
  session.on('error', () => {});
  session.on('bind_transceiver', (pdu) => {
    if (pdu.system_id !== systemId || pdu.password !== password) {
      session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
      session.close();
      return;
    }
    session.systemId = pdu.system_id;
    sessions.add(session);
    session.send(pdu.response({ system_id: 'test-smsc' }));
  });
  session.on('close', () => sessions.delete(session));
  session.on('submit_sm', (pdu) => onSubmit(session, pdu));
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
});
server.listen(Number(smppPort), '127.0.0.1');

function body(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => resolve(data ? JSON.parse(data) : {}));
  });
}

http.createServer(async (req, res) => {
  const answer = (code, value) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  try {
    const input = req.method === 'POST' ? await body(req) : {};
    switch (`${req.method} ${req.url}`) {
      case 'GET /pdus': return answer(200, pdus);
      case 'GET /sessions': return answer(200, { bound: sessions.size });
      case 'POST /mode':
        if ('throttle' in input) throttle = input.throttle;
        if ('reject' in input) { reject = input.reject; rejectStatus = input.status || rejectStatus; }
        if ('receipts' in input) receipts = input.receipts;
        return answer(200, {});
      case 'POST /receipt':
        return answer(sendReceipt(input.message_id, input.stat, input.err) ? 200 : 409, {});
      case 'POST /deliver': {
        const session = sessions.values().next().value;
        if (!session) return answer(409, { error: 'not bound' });
        session.send(new smpp.PDU('deliver_sm', {
          source_addr: input.from,
          destination_addr: input.to,
          short_message: input.text,
        }));
        return answer(200, {});
      }
      case 'POST /drop':
        for (const session of sessions) session.socket.destroy();
        sessions.clear();
        return answer(200, {});
      default: return answer(404, {});
    }
  } catch (e) {
    return answer(500, { error: String(e) });
  }
}).listen(Number(controlPort), '127.0.0.1', () => console.log('ready'));
