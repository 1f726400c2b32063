#!/bin/sh
# Regenerates the demo seed's images (server/seed/images) with ImageMagick 6
# (`apt-get install -y imagemagick`). Kept small: 8-bit PNG logos and icons, JPEG banners.
set -eu
CONVERT=${CONVERT:-/usr/bin/convert}
OUT="$(dirname "$0")/../server/seed/images"
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
logo brand-harbor.png '#1565c0' HB
logo brand-maple.png '#e65100' MK
logo brand-jade.png '#00897b' JK
logo brand-summit.png '#c62828' SS
logo brand-tidewater.png '#0277bd' TW
logo brand-sunrise.png '#ef6c00' SR
logo brand-ecowrap.png '#558b2f' EW

icon cat-apparel.png '#ad1457' A
icon cat-electronics.png '#5e35b1' E
icon cat-home.png '#00897b' H
icon cat-outdoor.png '#2e7d32' O
icon cat-packaging.png '#8d6e63' P

banner ad-outdoor.jpg '#1b5e20' '#81c784' 'Spring outdoor sale' 'Tents and backpacks up to 30% off'
banner ad-tea.jpg '#33691e' '#c5e1a5' 'New tea harvest' 'Fresh green tea from Fujian'
banner ad-audio.jpg '#311b92' '#9575cd' 'Headphones week' 'Aurora Audio from 199'
banner ad-kitchen.jpg '#004d40' '#80cbc4' 'Kitchen essentials' 'Woks, steamers and knives'
banner ad-coupon.jpg '#b71c1c' '#ff8a65' 'App-only coupon' '30 off orders over 199'
banner ad-shipping.jpg '#0d47a1' '#64b5f6' 'Free shipping weekend' 'On every order in the app'
banner ad-kids.jpg '#e65100' '#ffcc80' 'Back to school' 'Maple Kids new season'

# Return proofs: what a buyer photographs (a parcel, a label, a print, an open box), drawn, with a caption.
proof() { # file, caption, drawing arguments...
  file=$1; caption=$2; shift 2
  "$CONVERT" -size 480x360 gradient:'#d9d4cc'-'#b9b2a6' "$@" \
    -stroke none -fill '#000000a0' -draw 'rectangle 0,318 480,360' \
    -font DejaVu-Sans -pointsize 17 -fill white -gravity southwest -annotate +14+11 "$caption" -strip -quality 70 "$OUT/$file"
}
BOX='-fill #c8955a -stroke #7a5230 -strokewidth 2'
proof proof-crushed-box.jpg "Buyer's photo: carton crushed on one corner" \
  $BOX -draw 'polygon 110,120 300,95 380,140 190,170' -fill '#b07a43' -draw 'polygon 110,120 190,170 190,300 110,250' \
  -fill '#9c6a38' -draw 'polygon 190,170 380,140 380,265 190,300' \
  -fill '#6e4725' -stroke '#4a2f18' -draw 'polygon 380,140 340,150 352,190 380,205' \
  -strokewidth 3 -draw 'line 345,152 372,200' -draw 'line 352,170 380,178' \
  -stroke none -fill '#e8d9a8' -draw 'polygon 190,110 215,107 300,150 272,155' \
  -fill white -stroke '#555555' -strokewidth 1 -draw 'polygon 215,200 300,188 300,232 215,245' \
  -stroke none -fill '#333333' -font DejaVu-Sans -pointsize 11 -draw "text 222,215 'FRAGILE'" -draw "text 222,232 'SF10488372'"
proof proof-size-label.jpg "Buyer's photo: a smaller size than ordered" \
  $BOX -draw 'rectangle 50,50 430,300' -stroke none -fill white -draw 'rectangle 90,100 390,250' \
  -fill '#222222' -font DejaVu-Sans-Bold -pointsize 22 -draw "text 110,140 'MAILER BOX'" \
  -font DejaVu-Sans -pointsize 18 -draw "text 110,180 'Size: 300×200×100 mm'" -draw "text 110,220 'Pack of 50 · Kraft board'" \
  -fill none -stroke '#d32f2f' -strokewidth 4 -draw 'ellipse 215,174 120,20 0,360'
proof proof-print-colour.jpg "Buyer's photo: the print is much lighter than the proof" \
  -stroke '#555555' -strokewidth 1 -fill white -draw 'rectangle 40,50 230,290' -draw 'rectangle 250,50 440,290' \
  -fill '#1e3a8a' -draw 'rectangle 60,70 210,220' -fill '#93a9d8' -draw 'rectangle 270,70 420,220' \
  -stroke none -fill '#222222' -font DejaVu-Sans -pointsize 18 -draw "text 60,258 'Approved proof'" -draw "text 270,258 'Delivered'"
proof proof-missing-pieces.jpg "Buyer's photo: the pack arrived short" \
  $BOX -draw 'rectangle 70,50 410,300' -fill '#e9dcc3' -draw 'rectangle 90,70 390,280' \
  -fill '#5d4037' -stroke '#3e2723' -draw 'rectangle 105,85 185,170' -draw 'rectangle 200,85 280,170' -draw 'rectangle 105,185 185,265' -draw 'rectangle 200,185 280,265' \
  -fill '#e9dcc3' -stroke '#d32f2f' -strokewidth 3 -draw 'rectangle 295,85 375,170' -draw 'rectangle 295,185 375,265' \
  -stroke none -fill '#d32f2f' -font DejaVu-Sans-Bold -pointsize 40 -draw "text 322,143 '?'" -draw "text 322,243 '?'"
