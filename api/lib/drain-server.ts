/**
 * Stops an HTTP server without resetting a request: the listener closes (new connections are
 * refused before anything is sent), requests in flight are answered, and every kept-alive
 * connection is told `Connection: close` on its next response and then closed by Node.
 *
 * A connection that is idle at the stop is not dropped at once: the client may be sending its
 * next request on it at that moment, and closing the socket then resets that request (what
 * `http.Server#close` does, since it closes idle connections straight away). Such a connection
 * gets `lingerMs` for a request to arrive, which is answered with `Connection: close`; one
 * still idle after that is closed, as a keep-alive timeout would close it. Whatever is still
 * open after `forceAfterMs` is closed regardless.
 */
import type http from 'node:http';
import net from 'node:net';

export interface ServerDrain {
  /** Closes the listener and drains the connections; resolves once every one is closed. */
  drain(options?: { lingerMs?: number; forceAfterMs?: number }): Promise<void>;
  /** True once `drain` was called. */
  readonly draining: boolean;
}

interface Connection {
  inFlight: Set<http.ServerResponse>;
  linger?: NodeJS.Timeout;
}

export function trackConnections(server: http.Server): ServerDrain {
  const connections = new Map<net.Socket, Connection>();
  let draining = false;
  let lingerMs = 1_000;

  const lingerOrClose = (socket: net.Socket, connection: Connection) => {
    if (connection.inFlight.size > 0 || socket.destroyed) return;
    clearTimeout(connection.linger);
    connection.linger = setTimeout(() => socket.destroy(), lingerMs);
    connection.linger.unref();
  };

  server.on('connection', (socket: net.Socket) => {
    const connection: Connection = { inFlight: new Set() };
    connections.set(socket, connection);
    socket.once('close', () => {
      clearTimeout(connection.linger);
      connections.delete(socket);
    });
    if (draining) lingerOrClose(socket, connection);
  });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    clearTimeout(connection.linger);
    connection.inFlight.add(res);
    // Node writes `Connection: close` and closes the socket after this response.
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      connection.inFlight.delete(res);
      if (draining) lingerOrClose(socket, connection);
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain(options = {}) {
      draining = true;
      lingerMs = options.lingerMs ?? lingerMs;
      // net.Server#close stops listening and waits for the connections, without http.Server's
      // immediate close of idle ones.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const [socket, connection] of connections) {
        for (const res of connection.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        lingerOrClose(socket, connection);
      }
      const force = setTimeout(() => {
        for (const socket of connections.keys()) socket.destroy();
      }, options.forceAfterMs ?? 10_000);
      force.unref();
      return closed.finally(() => clearTimeout(force));
    },
  };
}
