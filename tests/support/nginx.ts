/**
 * nginx in front of server replicas, as a deployment runs it (docs/operations.md): the replica test
 * and the event-stream bench write its configuration here, with the live event stream passed on
 * unbuffered and held open past its heartbeat.
 */
import fs from 'node:fs';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/** The headers every proxied location sets. */
const PROXIED = `proxy_pass http://tidewatch;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_http_version 1.1;
      add_header X-Upstream $upstream_addr always;`;

/** A configuration for `nginx -p prefix`: listens on `port`, spreads requests over `upstreams`. */
export function nginxConfig(
  prefix: string,
  port: number,
  upstreams: string[],
  { connections = 512 }: { connections?: number } = {},
): string {
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
worker_rlimit_nofile ${connections * 2 + 64};
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${connections}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # The chat's WebSocket: pass the upgrade on, and close plain requests' upstream connections as before.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  upstream tidewatch {
    ${upstreams.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=30s;`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    # The portal's live events: each frame passed on as it comes, the stream held open well past
    # its heartbeat, and a browser's reconnect sent wherever nginx sends it.
    location = /api/events {
      ${PROXIED}
      proxy_set_header Connection '';
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {
      ${PROXIED}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # A GET the dead replica could not answer goes to the other one.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
