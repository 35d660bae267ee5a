// The restart bench's floor: what answering HTTP costs when started through `npm start`, and nothing more.
import { createServer } from 'node:http';

createServer((_request, response) => response.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
