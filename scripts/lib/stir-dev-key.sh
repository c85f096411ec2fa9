# Sourced: without DIALTONE_STIR_KEY, a development STIR/SHAKEN key (EC P-256, PKCS#8)
# and its self-signed certificate, created once in $1 and exported for the server,
# which signs outbound calls' PASSporTs with it (docs/switch.md).
stir_dev_key() {
  [ -n "${DIALTONE_STIR_KEY:-}" ] && return 0
  local dir=$1
  if [ ! -f "$dir/cert.pem" ]; then
    mkdir -p "$dir"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/key.pem" 2>/dev/null
    openssl req -new -x509 -key "$dir/key.pem" -out "$dir/cert.pem" -days 3650 \
      -subj "/CN=Dialtone development STIR-SHAKEN" 2>/dev/null
  fi
  dir=$(cd "$dir" && pwd)
  export DIALTONE_STIR_KEY="$dir/key.pem"
  export DIALTONE_STIR_CERT_URL=${DIALTONE_STIR_CERT_URL:-file://$dir/cert.pem}
}
