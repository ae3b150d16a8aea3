#!/usr/bin/env bash
# Previous name of scripts/make-noise-reference.sh (bin/docsearch noise), kept for existing scripts.
exec "$(dirname "${BASH_SOURCE[0]}")/make-noise-reference.sh" "$@"
