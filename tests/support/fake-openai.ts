// A real loopback HTTP server speaking the OpenAI-compatible chat completions API, for tests of anything that
// talks to a model (sentiment, the assistant). Answers are programmed per test: text, tool calls, or a fault.
// With `"stream": true` it answers in server-sent events, content and tool-call arguments split across chunks
// as real servers do.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  stream?: boolean;
  tools?: unknown[];
  [key: string]: unknown;
}

export type FakeReply =
  | { content?: string; toolCalls?: Array<{ name: string; arguments: string }> }
  /** 500 and 429 answer with an error body, timeout never answers, garbage answers 200 with a body that is
   * not JSON (or, streaming, an event that is not). */
  | { fault: "500" | "429" | "timeout" | "garbage" };
export type FakeAnswer = FakeReply | ((request: ChatRequest) => FakeReply);

export interface FakeOpenAI {
  /** Base URL as clients take it, ending in /v1. */
  baseUrl: string;
  /** Every chat request received, parsed, with its headers. */
  requests: Array<{ body: ChatRequest; headers: IncomingHttpHeaders }>;
  /** The answer to every request from now on (default: content "OK"). */
  always(answer: FakeAnswer): void;
  /** Answers for the next requests, one each, before `always` takes over again. */
  next(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

const MODEL = "fake-model";
// Pieces this long make a streamed answer span several chunks even when it is short.
const CHUNK = 7;
const pieces = (text: string) => text.match(new RegExp(`[\\s\\S]{1,${CHUNK}}`, "g")) ?? [""];

function completion(id: string, reply: { content?: string; toolCalls?: Array<{ name: string; arguments: string }> }) {
  const toolCalls = reply.toolCalls?.map((call, i) => ({
    id: `call_${i}`,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: reply.content ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** The chunks of a streamed answer: the role, the content in pieces, each tool call's id and name and then
 * its arguments in pieces, and the finish reason. */
function chunks(id: string, reply: { content?: string; toolCalls?: Array<{ name: string; arguments: string }> }) {
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out = [chunk({ role: "assistant", content: "" })];
  if (reply.content) for (const piece of pieces(reply.content)) out.push(chunk({ content: piece }));
  reply.toolCalls?.forEach((call, index) => {
    out.push(
      chunk({
        tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name: call.name, arguments: "" } }],
      }),
    );
    for (const piece of pieces(call.arguments))
      out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  out.push(chunk({}, reply.toolCalls?.length ? "tool_calls" : "stop"));
  return out;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let always: FakeAnswer = { content: "OK" };
  const queued: FakeAnswer[] = [];
  const requests: FakeOpenAI["requests"] = [];
  let count = 0;

  const server = createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: MODEL, object: "model", owned_by: "fake" }] }));
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
      return;
    }
    const raw: Buffer[] = [];
    for await (const part of req) raw.push(part as Buffer);
    let body: ChatRequest;
    try {
      body = JSON.parse(Buffer.concat(raw).toString("utf8"));
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Invalid JSON body", type: "invalid_request_error" } }));
      return;
    }
    requests.push({ body, headers: req.headers });
    const answer = queued.shift() ?? always;
    const reply = typeof answer === "function" ? answer(body) : answer;
    const id = `chatcmpl-${++count}`;

    if ("fault" in reply) {
      if (reply.fault === "timeout") return; // never answers; close() ends the connection
      if (reply.fault === "garbage") {
        res.writeHead(200, { "content-type": body.stream ? "text/event-stream" : "application/json" });
        res.end(body.stream ? "data: {not json\n\n" : "<html>502 Bad Gateway</html>{");
        return;
      }
      const status = Number(reply.fault);
      res.writeHead(status, {
        "content-type": "application/json",
        ...(status === 429 ? { "retry-after": "1" } : {}),
      });
      const type = status === 429 ? "rate_limit_exceeded" : "server_error";
      res.end(JSON.stringify({ error: { message: `Fake ${status}`, type, code: type } }));
      return;
    }
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(completion(id, reply)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    for (const chunk of chunks(id, reply)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    always(answer) {
      always = answer;
    },
    next(...answers) {
      queued.push(...answers);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
