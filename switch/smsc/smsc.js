// An SMSC for Dialtone's tests, on the published `smpp` package (npm), so the carrier
// side of the SMPP link is code nobody on this project wrote the protocol for.
//
//   node smsc.js <smpp-port> <control-port> <system-id> <password> [<tls-key> <tls-cert>]
//
// With a key and certificate (PEM files) it speaks SMPP over TLS.
// The control port is a loopback HTTP API the Rust tests drive (JSON bodies):
//   GET  /pdus      every submit_sm received, in order, with the status answered
//   GET  /sessions  how many transceivers are bound, and each bind's fields
//   POST /mode      {"throttle": n} the next n submit_sm get ESME_RTHROTTLED;
//                   {"queue_full": n} the next n get ESME_RMSGQFUL;
//                   {"reject": n, "status": code} the next n get that error;
//                   {"receipts": "DELIVRD" | "UNDELIV" | null} a receipt after each
//                   accepted part, or none
//   POST /receipt   {"message_id", "stat", "err"} one receipt now
//   POST /deliver   {"from", "to", "text"} an inbound message now; with "parts":
//                   ["…", …] (and "reference", "order": [part numbers]) a long one,
//                   each part a deliver_sm with a concatenation UDH
//   POST /drop      closes every session's socket without unbind: {"mode": "rst"}
//                   resets it (RST), "fin" (the default) closes it; {"after": n}
//                   first accepts the next n submit_sm without answering them, then
//                   drops (their responses are lost, as in a real drop mid-window)
//
// Like a real SMSC, it keeps the receipts it could not deliver while no ESME was
// bound (or whose session had gone, or that a session never answered with
// deliver_sm_resp) and delivers them after the next bind.
'use strict';
const http = require('http');
const smpp = require('smpp');

const fs = require('fs');

const [smppPort, controlPort, systemId, password, tlsKey, tlsCert] = process.argv.slice(2);
const pdus = [];
const sessions = new Set();
const binds = [];
// Receipts waiting for a bound ESME.
const pendingReceipts = [];
// {after, mode} while a drop waits for its unanswered submits.
let dropPlan = null;
let throttle = 0;
let queueFull = 0;
let reject = 0;
let rejectStatus = smpp.ESME_RSUBMITFAIL;
let receipts = null;
let nextId = 1;

function smscDate(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

// The receipt text of SMPP 3.4 Appendix B, which carriers follow loosely and clients
// parse; `text:` carries the first 20 characters of the message.
function sendReceipt(messageId, stat, err, to, from, text) {
  const now = smscDate(new Date());
  const body = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${now} done date:${now} stat:${stat} err:${err || '000'} text:${(text || '').slice(0, 20)}`;
  const pdu = {
    source_addr: to || '',
    destination_addr: from || '',
    esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
    // Non-ASCII characters of the text become '?', as on SMSCs that send ASCII.
    short_message: Buffer.from(body.replace(/[^\x00-\x7f]/g, '?'), 'ascii'),
    receipted_message_id: messageId,
  };
  if (!deliverTo(pdu)) pendingReceipts.push(pdu);
  return true;
}

// Sends a deliver_sm to a live bound session; false when there is none. Like a real
// SMSC it counts a receipt delivered only when the ESME answers deliver_sm_resp: one
// written just before a drop may never be read, so the session's unanswered ones are
// kept again when it closes, and go first after the next bind.
function deliverTo(fields) {
  for (const session of sessions) {
    if (session.socket.destroyed) continue;
    const pdu = new smpp.PDU('deliver_sm', fields);
    session.unanswered = session.unanswered || new Map();
    session.send(pdu, () => session.unanswered.delete(pdu.sequence_number));
    session.unanswered.set(pdu.sequence_number, fields);
    return true;
  }
  return false;
}

// A closed session's receipts that the ESME never answered wait for the next bind.
function keepUnanswered(session) {
  if (!session.unanswered || session.unanswered.size === 0) return;
  pendingReceipts.unshift(...session.unanswered.values());
  session.unanswered.clear();
  flushPending();
}

function flushPending() {
  while (pendingReceipts.length && deliverTo(pendingReceipts[0])) pendingReceipts.shift();
}

function dropAll(mode) {
  for (const session of sessions) {
    if (mode === 'rst') {
      session.socket.resetAndDestroy();
    } else {
      session.socket.end();
      setTimeout(() => session.socket.destroy(), 50);
    }
  }
  sessions.clear();
}

function udhHex(elements) {
  const all = Buffer.concat(elements);
  return Buffer.concat([Buffer.from([all.length]), all]).toString('hex');
}

function onSubmit(session, pdu) {
  // A session being dropped reads no more.
  if (!sessions.has(session)) return;
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
  } else if (queueFull > 0) {
    queueFull -= 1;
    record.status = smpp.ESME_RMSGQFUL;
  } else if (reject > 0) {
    reject -= 1;
    record.status = rejectStatus;
  } else {
    record.message_id = `smsc-${nextId++}`;
  }
  pdus.push(record);
  if (dropPlan && record.message_id) {
    // Accepted, but the response is lost with the link.
    record.unanswered = true;
    dropPlan.after -= 1;
    if (dropPlan.after <= 0) {
      const mode = dropPlan.mode;
      dropPlan = null;
      dropAll(mode);
    }
  } else {
    session.send(pdu.response(record.message_id
      ? { message_id: record.message_id }
      : { command_status: record.status }));
  }
  // A receipt for every accepted part, as SMSCs send them.
  if (record.message_id && receipts) {
    const stat = receipts;
    setTimeout(() => sendReceipt(record.message_id, stat, stat === 'DELIVRD' ? '000' : '001',
      record.destination_addr, record.source_addr, record.text), 20);
  }
}

const tls = tlsKey ? { key: fs.readFileSync(tlsKey), cert: fs.readFileSync(tlsCert) } : {};
const server = smpp.createServer(tls, (session) => {
  session.on('error', () => {});
  session.on('bind_transceiver', (pdu) => {
    if (pdu.system_id !== systemId || pdu.password !== password) {
      session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
      session.close();
      return;
    }
    session.systemId = pdu.system_id;
    sessions.add(session);
    binds.push({ system_id: pdu.system_id, system_type: pdu.system_type, address_range: pdu.address_range });
    session.send(pdu.response({ system_id: 'test-smsc' }));
    // The receipts kept while no ESME was bound.
    setTimeout(flushPending, 10);
  });
  session.on('close', () => {
    sessions.delete(session);
    keepUnanswered(session);
  });
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
      case 'GET /sessions': return answer(200, { bound: sessions.size, binds, pending_receipts: pendingReceipts.length });
      case 'POST /mode':
        if ('throttle' in input) throttle = input.throttle;
        if ('queue_full' in input) queueFull = input.queue_full;
        if ('reject' in input) { reject = input.reject; rejectStatus = input.status || rejectStatus; }
        if ('receipts' in input) receipts = input.receipts;
        return answer(200, {});
      case 'POST /receipt':
        return answer(sendReceipt(input.message_id, input.stat, input.err) ? 200 : 409, {});
      case 'POST /deliver': {
        if (!input.parts) {
          const sent = deliverTo({ source_addr: input.from, destination_addr: input.to, short_message: input.text });
          return sent ? answer(200, {}) : answer(409, { error: 'not bound' });
        }
        const total = input.parts.length;
        const reference = input.reference || 1;
        const order = input.order || input.parts.map((_, i) => i + 1);
        for (const number of order) {
          const udh = Buffer.from([5, 0, 3, reference, total, number]);
          const sent = deliverTo({
            source_addr: input.from,
            destination_addr: input.to,
            short_message: { udh, message: input.parts[number - 1] },
          });
          if (!sent) return answer(409, { error: 'not bound' });
        }
        return answer(200, {});
      }
      case 'POST /drop':
        if (input.after) {
          dropPlan = { after: input.after, mode: input.mode || 'fin' };
        } else {
          dropAll(input.mode || 'fin');
        }
        return answer(200, {});
      default: return answer(404, {});
    }
  } catch (e) {
    return answer(500, { error: String(e) });
  }
}).listen(Number(controlPort), '127.0.0.1', () => console.log('ready'));
