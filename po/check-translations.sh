#!/usr/bin/env bash
# Checks that every catalogue in po/LINGUAS translates every string the
# sources mark (tr, trn, trc and the data files in POTFILES.in), with
# nothing fuzzy and every format kept: makes a fresh .pot with xgettext,
# then msgcmp and msgfmt --check each language against it.
#
# usage: po/check-translations.sh [SOURCE_ROOT]
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/flick-po.XXXXXX")
trap 'rm -rf "$work"' EXIT
xgettext --files-from=po/POTFILES.in --directory=. --output="$work/flick.pot" --from-code=UTF-8 \
  --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --add-comments=Translators: 2> >(grep -v "extension 'swift' is unknown" >&2)
status=0
while read -r lang; do
  [ -z "$lang" ] && continue
  if ! msgfmt --check --output-file=/dev/null "po/$lang.po"; then
    echo "check-translations: po/$lang.po does not compile" >&2; status=1
  fi
  if ! msgcmp "po/$lang.po" "$work/flick.pot" 2> "$work/$lang.cmp"; then
    echo "check-translations: po/$lang.po lacks translations:" >&2
    grep -v '^msgcmp: found' "$work/$lang.cmp" | head -40 >&2; status=1
  fi
done < po/LINGUAS
[ "$status" = 0 ] && echo "check-translations: every string is translated in $(tr '\n' ' ' < po/LINGUAS)"
exit "$status"
