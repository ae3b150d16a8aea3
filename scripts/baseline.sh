#!/usr/bin/env bash
# Previous name of scripts/machine-fingerprint.sh (the machine fingerprint), kept for existing scripts.
exec "$(dirname "$0")/machine-fingerprint.sh" "$@"
