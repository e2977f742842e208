import { brand } from '@tidewatch/content';

export interface InstallScriptOptions {
  /** The origin the script calls, e.g. `https://portal.example.com`. */
  baseUrl: string;
  /** The management agent's package repository; without it the package step is skipped. */
  packageRepo: string | undefined;
}

/** Only characters that need no quoting inside a single-quoted shell word. */
const shellSafe = (value: string) => value.replace(/[^A-Za-z0-9:/._@%+~-]/g, '');

/**
 * The install script: POSIX sh that checks it runs as root, reads /etc/os-release, verifies the
 * install token, installs the management agent package (when a repository is configured),
 * registers the server with its facts and stores the agent's credential. Every failure after the
 * token is known is reported to the API with its reason. `TIDEWATCH_ROOT` points it at another
 * root directory (for tests); it then needs no root privileges and runs no package manager.
 */
export function installScript(options: InstallScriptOptions): string {
  const slug = brand.product.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `#!/bin/sh
# ${brand.product} install script: registers this server and installs the management agent.
# Usage: curl -fsSL ${shellSafe(options.baseUrl)}/install.sh | sudo sh -s -- --token <token> --customer <customer id>
#
# Once registered, the agent uses the credential written to the config directory for its calls:
#   POST $API_URL/api/agent/ping                      I am alive, with my last run.
#   GET  $API_URL/api/agent/service-window            Is my window open now? Answers open, window_id,
#        type, timezone, ends_at, reboot_allowed and next_start; a window an approved exemption took
#        this server out of is never open for it.
#   POST $API_URL/api/agent/service-window/<window_id>/done  {"result":"success|failed|skipped","comment":"…"}
#        I am done; the first report counts and a repeat changes nothing. The window closes once
#        every server and cluster in it has reported, or expires when its end passes.
# Each call sends "Authorization: Bearer <credential>".
set -u

API_URL="\${TIDEWATCH_URL:-${shellSafe(options.baseUrl)}}"
PACKAGE_REPO="\${TIDEWATCH_PACKAGE_REPO:-${shellSafe(options.packageRepo ?? '')}}"
ROOT="\${TIDEWATCH_ROOT:-}"
TOKEN="\${TIDEWATCH_TOKEN:-}"
CUSTOMER="\${TIDEWATCH_CUSTOMER:-}"
AGENT_PACKAGE="${slug}-agent"
CONFIG_DIR="$ROOT/etc/${slug}"
STEP=0
STEPS=5
VERIFIED=no

say() { printf '%s\\n' "$*"; }
step() { STEP=$((STEP + 1)); printf '\\n[%s/%s] %s\\n' "$STEP" "$STEPS" "$*"; }
fail() { printf 'Error: %s\\n' "$*" >&2; exit 1; }

# A JSON string: backslashes and quotes escaped, control characters dropped.
json_string() { printf '"%s"' "$(printf '%s' "$1" | tr -d '\\000-\\037' | sed 's/\\\\/\\\\\\\\/g; s/"/\\\\"/g')"; }

# The value of a string field of the last answer, e.g. json_field message.
json_field() { printf '%s' "$HTTP_BODY" | sed -n 's/.*"'"$1"'":"\\([^"]*\\)".*/\\1/p' | head -n 1; }

# POSTs JSON to the API with the given bearer secret; sets HTTP_STATUS and HTTP_BODY.
api_post() {
  body_file=$(mktemp) || fail "Cannot create a temporary file"
  HTTP_STATUS=$(curl -sS -o "$body_file" -w '%{http_code}' -X POST \\
    -H 'Content-Type: application/json' -H "Authorization: Bearer $2" \\
    --data "$3" "$API_URL/api$1" 2>"$body_file.err") || HTTP_STATUS=000
  HTTP_BODY=$(cat "$body_file")
  if [ "$HTTP_STATUS" = 000 ]; then HTTP_BODY="{\\"message\\":\\"$(tr -d '"\\\\' <"$body_file.err" | head -n 1)\\"}"; fi
  rm -f "$body_file" "$body_file.err"
}

# Tells the API why the install failed (once the token is verified), then stops.
install_failed() {
  if [ "$VERIFIED" = yes ]; then
    api_post /agent/install/failure "$TOKEN" "{\\"customer_id\\":$(json_string "$CUSTOMER"),\\"reason\\":$(json_string "$1")}"
    [ "$HTTP_STATUS" = 204 ] || say "(The failure could not be reported: $(json_field message))" >&2
  fi
  fail "$1"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --token | --customer | --url)
      [ $# -ge 2 ] || fail "$1 needs a value"
      case "$1" in --token) TOKEN="$2" ;; --customer) CUSTOMER="$2" ;; --url) API_URL="$2" ;; esac
      shift 2
      ;;
    *) fail "Unknown option: $1 (use --token, --customer and --url)" ;;
  esac
done

step "Checking this machine"
if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  fail "Run this script as root, for example: curl -fsSL $API_URL/install.sh | sudo sh -s -- --token <token> --customer <customer id>"
fi
[ -n "$TOKEN" ] || fail "No install token: pass --token (the portal's add-server page shows the full command)"
[ -n "$CUSTOMER" ] || fail "No customer id: pass --customer"
command -v curl >/dev/null 2>&1 || fail "curl is needed: install it (e.g. apt-get install curl or dnf install curl) and run this again"
OS_RELEASE="$ROOT/etc/os-release"
[ -r "$OS_RELEASE" ] || OS_RELEASE="$ROOT/usr/lib/os-release"
os_value() { sed -n "s/^$1=//p" "$OS_RELEASE" 2>/dev/null | head -n 1 | sed "s/^[\\"']//; s/[\\"']\\$//"; }
OS_ID=$(os_value ID)
OS_VERSION=$(os_value VERSION_ID)
OS_LIKE=$(os_value ID_LIKE)
OS_NAME=$(os_value PRETTY_NAME)
case " $OS_ID $OS_LIKE " in
  *" debian "* | *" ubuntu "*) OS_FAMILY=debian ;;
  *" rhel "* | *" fedora "* | *" centos "*) OS_FAMILY=redhat ;;
  *" suse "* | *" sles "* | *" opensuse "*) OS_FAMILY=suse ;;
  *) OS_FAMILY=$OS_ID ;;
esac
say "Operating system: \${OS_NAME:-unknown}"

step "Verifying the install token with ${brand.product}"
api_post /agent/install/verify "$TOKEN" "{\\"customer_id\\":$(json_string "$CUSTOMER")}"
if [ "$HTTP_STATUS" != 200 ]; then
  fail "${brand.product} refused the install token: $(json_field message)"
fi
VERIFIED=yes
CERTNAME=$(json_field certname)
say "This server will be $CERTNAME."
if [ -z "$OS_ID" ] || [ -z "$OS_VERSION" ]; then
  install_failed "Cannot tell the operating system: $OS_RELEASE has no ID or VERSION_ID"
fi

step "Installing the management agent package ($AGENT_PACKAGE)"
if [ -z "$PACKAGE_REPO" ]; then
  say "Skipped: no package repository is configured for the management agent."
  say "The server is registered without it; ${brand.product} installs the agent during onboarding."
elif [ -n "$ROOT" ]; then
  say "Skipped: $ROOT is not the real root, so no package manager runs."
else
  case "$OS_FAMILY" in
    debian)
      printf 'deb %s/apt stable main\\n' "$PACKAGE_REPO" >/etc/apt/sources.list.d/${slug}.list &&
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$AGENT_PACKAGE" ||
        install_failed "Installing $AGENT_PACKAGE with apt-get failed"
      ;;
    redhat)
      printf '[${slug}]\\nname=${brand.product}\\nbaseurl=%s/rpm\\nenabled=1\\ngpgcheck=1\\n' "$PACKAGE_REPO" >/etc/yum.repos.d/${slug}.repo &&
        { command -v dnf >/dev/null 2>&1 && dnf install -y -q "$AGENT_PACKAGE" || yum install -y -q "$AGENT_PACKAGE"; } ||
        install_failed "Installing $AGENT_PACKAGE with dnf or yum failed"
      ;;
    suse)
      zypper --non-interactive addrepo "$PACKAGE_REPO/rpm" ${slug} &&
        zypper --non-interactive install "$AGENT_PACKAGE" ||
        install_failed "Installing $AGENT_PACKAGE with zypper failed"
      ;;
    *) install_failed "No agent package for $OS_NAME: supported are Debian, Ubuntu, RHEL-like and SUSE systems" ;;
  esac
fi

step "Registering $CERTNAME"
FACTS="{\\"os_family\\":$(json_string "$OS_FAMILY"),\\"distribution\\":$(json_string "$OS_ID"),\\"version\\":$(json_string "$OS_VERSION"),\\"pretty_name\\":$(json_string "$OS_NAME"),\\"kernel\\":$(json_string "$(uname -r)"),\\"architecture\\":$(json_string "$(uname -m)")}"
api_post /agent/install/register "$TOKEN" "{\\"customer_id\\":$(json_string "$CUSTOMER"),\\"facts\\":$FACTS}"
if [ "$HTTP_STATUS" != 200 ]; then
  install_failed "Registration was refused: $(json_field message)"
fi
CREDENTIAL=$(json_field credential)
(umask 077 && mkdir -p "$CONFIG_DIR" && printf 'url=%s\\ncertname=%s\\ncredential=%s\\n' "$API_URL" "$CERTNAME" "$CREDENTIAL" >"$CONFIG_DIR/agent.conf") ||
  install_failed "Cannot write $CONFIG_DIR/agent.conf"
say "Stored the agent's credential in $CONFIG_DIR/agent.conf (readable by root only)."

step "Done"
say "$CERTNAME is registered and shows as active under Servers in the ${brand.product} portal."
say "Next: give it tags and roles in the portal; role changes are opened as change requests for review."
`;
}
