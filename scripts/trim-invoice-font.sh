#!/bin/sh
# Writes the invoice's two Arimo faces into src/server/modules/orders/fonts from the
# @expo-google-fonts/arimo package, trimmed for a PDF: every character kept, kerning kept, the other
# layout features (mark placement, ligatures…), hinting and glyph names dropped. fontkit decodes those
# tables again for every document, which made them most of an invoice's CPU
# (docs/decisions/0035-a-trimmed-invoice-font.md). Needs fontTools (Debian: apt-get install python3-fonttools).
set -eu
source_dir=node_modules/@expo-google-fonts/arimo
target_dir=src/server/modules/orders/fonts
trim() {
  python3 -m fontTools.subset "$source_dir/$1" --output-file="$target_dir/$2" \
    --unicodes='*' --layout-features='kern' --no-hinting --no-glyph-names --drop-tables+=STAT
}
trim 400Regular/Arimo_400Regular.ttf Arimo-Regular.ttf
trim 700Bold/Arimo_700Bold.ttf Arimo-Bold.ttf
cp "$source_dir/LICENSE_FONT" "$target_dir/OFL.txt"
