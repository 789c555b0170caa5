// node:http's values, read as the CommonJS module. An ES `import … from 'node:http'` makes Node build the
// module's ES facade, which reads every export; on Node 22+ that runs http's lazy WebSocket, CloseEvent and
// MessageEvent getters, which load undici: 20–25 ms of every start on Node 24 (3.2–4.0 ms this way, measured
// side by side, fresh processes), for a client the simulator never uses. Node 20 has no such getters.
// `import type` from 'node:http' costs nothing and stays as it is.
export const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');
