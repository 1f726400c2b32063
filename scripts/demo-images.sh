#!/bin/sh
# Regenerates the demo seed's images (server/db/seed/images) with ImageMagick 6
# (`apt-get install -y imagemagick`). Kept small: 8-bit PNG logos and icons, JPEG banners.
set -eu
CONVERT=${CONVERT:-/usr/bin/convert}
OUT="$(dirname "$0")/../server/db/seed/images"
FONT=DejaVu-Sans-Bold
mkdir -p "$OUT"

logo() { # file, background, text
  "$CONVERT" -size 160x160 xc:none -fill "$2" -draw 'roundrectangle 0,0 159,159 28,28' \
    -font "$FONT" -pointsize 64 -fill white -gravity center -annotate +0+0 "$3" -strip "PNG8:$OUT/$1"
}
icon() { # file, background, text
  "$CONVERT" -size 96x96 xc:none -fill "$2" -draw 'circle 48,48 48,2' \
    -font "$FONT" -pointsize 40 -fill white -gravity center -annotate +0+0 "$3" -strip "PNG8:$OUT/$1"
}
banner() { # file, from colour, to colour, title, subtitle
  "$CONVERT" -size 240x640 "gradient:$2-$3" -rotate -90 \
    -font "$FONT" -fill white -gravity west -pointsize 40 -annotate +40-22 "$4" \
    -pointsize 22 -annotate +42+30 "$5" -strip -quality 72 "$OUT/$1"
}

logo brand-northwind.png '#2e7d32' NW
logo brand-lotus.png '#ad1457' LH
logo brand-panda.png '#37474f' PT
logo brand-aurora.png '#5e35b1' AA
logo brand-harbor.png '#1565c0' BH
logo brand-maple.png '#e65100' MK
logo brand-jade.png '#00897b' JK
logo brand-summit.png '#c62828' SS

icon cat-apparel.png '#ad1457' A
icon cat-electronics.png '#5e35b1' E
icon cat-home.png '#00897b' H
icon cat-outdoor.png '#2e7d32' O

banner ad-outdoor.jpg '#1b5e20' '#81c784' 'Spring outdoor sale' 'Tents and backpacks up to 30% off'
banner ad-tea.jpg '#33691e' '#c5e1a5' 'New tea harvest' 'Fresh green tea from Fujian'
banner ad-audio.jpg '#311b92' '#9575cd' 'Headphones week' 'Aurora Audio from 199'
banner ad-kitchen.jpg '#004d40' '#80cbc4' 'Kitchen essentials' 'Woks, steamers and knives'
banner ad-coupon.jpg '#b71c1c' '#ff8a65' 'App-only coupon' '30 off orders over 199'
banner ad-shipping.jpg '#0d47a1' '#64b5f6' 'Free shipping weekend' 'On every order in the app'
banner ad-kids.jpg '#e65100' '#ffcc80' 'Back to school' 'Maple Kids new season'
