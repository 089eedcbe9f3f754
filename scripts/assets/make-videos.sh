#!/usr/bin/env bash
# -----------------------------------------------------------------------------
# make-videos.sh - regenerate the site's abstract background videos.
#
# Everything is drawn procedurally by ffmpeg itself (lavfi sources + filters:
# geq, rotate, crop, overlay, blend, lutrgb, colorchannelmixer). No third-party
# footage, images or fonts are used.
#
# Requirements: bash, awk and ffmpeg >= 5 built with libx264 and libvpx
#               (Debian: `apt-get install ffmpeg`).
#
# The outputs are COMMITTED to the repository, so a normal `npm run build` does
# NOT need ffmpeg; only run this script after changing the animations:
#   static/videos/<name>.webm        VP9, no audio track
#   static/videos/<name>.mp4         H.264 main, yuv420p, +faststart, no audio
#   static/videos/<name>-poster.jpg  first frame, same size as the video
# for <name> in:
#   hero                       1280x720  8 s  home page hero
#   trainings                  1280x720  8 s  trainings page (desktop)
#   trainings-mobile            540x960  8 s  trainings page (mobile, portrait)
#   category-fluid-transfer    1280x480  6 s  product category banners
#   category-bolting           1280x480  6 s
#   category-hydrotesting      1280x480  6 s
#   category-machining         1280x480  6 s
#
# Every motion is periodic with the video duration, so the videos loop
# seamlessly. All of them stay dark (navy / steel blue with small accent
# colours) so that white text on top keeps a high contrast ratio.
#
# How it works: each layer (grid, gear, dial, pipes, ...) is drawn ONCE as a
# still with `geq`, then animated cheaply per frame (rotate, crop = slide,
# blend = additive light / multiply), rendered to a lossless master in a temp
# dir and finally encoded to webm, mp4 and the jpeg poster.
#
# Usage:  scripts/assets/make-videos.sh            # (re)build all videos
#         scripts/assets/make-videos.sh hero ...   # (re)build only the named ones
#         PREVIEW_DIR=/tmp/p scripts/assets/make-videos.sh hero
#                                           # only write 4 PNG frames, no encode
# Idempotent: renders in a temporary directory, then overwrites the outputs.
# -----------------------------------------------------------------------------
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/static/videos"
FPS=24

if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "make-videos.sh: ffmpeg is required (Debian: apt-get install ffmpeg)." >&2
  echo "The generated videos are committed; a normal build does not need this script." >&2
  exit 1
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/make-videos.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }

# Strip whitespace so the geq expressions below can be written readably.
sq() { tr -d ' \n\t' <<<"$1"; }

# Floating point helper: calc '2*3.5' -> 7.0000
calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }
# Rounded integer helper.
calci() { awk "BEGIN { v = $1; printf \"%d\", (v < 0 ? v - 0.5 : v + 0.5) }"; }

# geq snippet: anti-aliased line profile for a signed distance D (px), width LW.
line() { echo "max(0,1-abs($1)/$2)"; }

# =============================================================================
# Stills. Each is rendered once; geq expressions give a mask in 0..1 which is
# multiplied by a colour (layers are later combined additively, like light).
# Generators that draw a centred square set STILL to its side length.
# =============================================================================

# mono OUT W H "R G B" EXPR
mono() {
  local out=$1 w=$2 h=$3 rgb=($4) expr
  expr=$(sq "$5")
  ff -f lavfi -i "color=c=black:s=${w}x${h}:r=1:d=1,format=gray" \
    -vf "geq=lum='255*clip(${expr},0,1)',format=gbrp,lutrgb=r=val*${rgb[0]}/255:g=val*${rgb[1]}/255:b=val*${rgb[2]}/255" \
    -frames:v 1 "$out"
}

# background OUT W H "top RGB" "bottom RGB" GX GY GR "glow RGB"
# Diagonal navy gradient plus a soft radial glow centred on (GX,GY).
background() {
  local out=$1 w=$2 h=$3 t=($4) b=($5) gx=$6 gy=$7 gr=$8 g=($9) e=() i
  for i in 0 1 2; do
    e[i]=$(sq "${t[i]} + (${b[i]}-${t[i]})*(0.65*Y/H+0.35*X/W)
               + ${g[i]}*exp(-(pow(X-${gx},2)+pow(Y-${gy},2))/pow(${gr},2))")
  done
  ff -f lavfi -i "color=c=black:s=${w}x${h}:r=1:d=1,format=gbrp" \
    -vf "geq=r='${e[0]}':g='${e[1]}':b='${e[2]}'" -frames:v 1 "$out"
}

# vignette OUT W H STRENGTH CX CY   (grey multiplier, white = 1)
vignette() {
  mono "$1" "$2" "$3" "255 255 255" \
    "1-$4*(pow(X/W-$5,2)*1.2+pow(Y/H-$6,2)*1.6)"
}

# grid OUT W H CELL "RGB" CX CY RADIUS
# Blueprint grid: thin minor lines, brighter major lines every 4 cells,
# fading out away from (CX,CY).
grid() {
  local cell=$4 major=$(( $4 * 4 ))
  mono "$1" "$2" "$3" "$5" "
    max(0.45*max(eq(mod(X,$cell),0),eq(mod(Y,$cell),0)),
        max(eq(mod(X,$major),0),eq(mod(Y,$major),0)))
    *(0.2+0.8*exp(-(pow(X-$6,2)+pow(Y-$7,2))/pow($8,2)))"
}

# beam OUT W H A NX NY C WIDE NARROW
# A soft light shaft (gaussian band with normal (NX,NY) at offset C), drawn on
# an image 2*A px wider than the frame so that it can slide by cropping.
beam() {
  local w=$(( $2 + 2 * $4 ))
  mono "$1" "$w" "$3" "255 255 255" "
    (0.7*exp(-pow((X*$5+Y*$6-$7)/$8,2)) + 0.5*exp(-pow((X*$5+Y*$6-$7)/$9,2)))
    *(0.55+0.45*(1-Y/H))"
}

# pulses OUT W H P SLANT
# Diagonal soft bands, periodic in X with period P, on a (W+P) x H image:
# sliding it by P px over the loop makes light travel along other layers.
pulses() {
  mono "$1" $(( $2 + $4 )) "$3" "255 255 255" "
    pow(max(0,cos(2*PI*(X+$5*Y)/$4)),${6:-6})"
}

# gear OUT N ROOT TOOTH HUB HOLES "RGB"
# Technical-drawing style spur gear (outline, hub, web circle, HOLES lightening
# holes (0 = none), dash-dot pitch circle, faint fill). Tooth k is centred on
# 2*pi*k/N. For a seamless loop a gear must turn by a whole number of teeth
# that is also a symmetry of its holes.
gear() {
  local out=$1 n=$2 rr=$3 h=$4 hub=$5 holes=$6 rgb=$7
  local s=$(( ( $(calci "$rr + $h") + 6 ) * 2 ))
  local c=$(( s / 2 ))
  local pitch web hr hrad lw=1.25
  pitch=$(calc "$rr + $h/2"); web=$(calc "$rr*0.78")
  hr=$(calc "$rr*0.47"); hrad=$(calc "$rr*0.12")
  local holes_expr="st(7, 1000);"
  if [ "$holes" -gt 0 ]; then
    holes_expr="st(6, mod(ld(1)+PI/$holes, 2*PI/$holes)-PI/$holes);
      st(7, hypot(ld(0)*cos(ld(6))-$hr, ld(0)*sin(ld(6))) - $hrad);"
  fi
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, atan2(Y-$c, X-$c));
    st(2, 2.5*cos($n*ld(1)));
    st(3, $rr + $h*(0.5+0.5*clip(ld(2),-1,1)));
    st(4, lt(abs(ld(2)),1)*1.25*$h*$n*sin($n*ld(1))/max(ld(0),1));
    st(5, (ld(3)-ld(0))/sqrt(1+ld(4)*ld(4)));
    $holes_expr
    st(8, $(line 'ld(5)' $lw));
    st(8, max(ld(8), $(line "ld(0)-$hub" $lw)));
    st(8, max(ld(8), 0.8*$(line "ld(0)-$web" $lw)));
    st(8, max(ld(8), 0.8*$(line 'ld(7)' $lw)));
    st(8, max(ld(8), 0.6*$(line "ld(0)-$pitch" $lw)*gt(cos(5*$n*ld(1)),-0.35)));
    gte(ld(0),$hub-3)*max(ld(8), 0.13*clip(ld(5),0,1)*clip(ld(0)-$hub,0,1)*clip(ld(7),0,1))"
  STILL=$s
}

# dial OUT R OPEN "RGB"
# Graduated dial: 60 minor / 12 major ticks, outer ring, dashed inner ring
# (72 dashes); symmetric under rotations by multiples of 30 degrees.
# OPEN=1 leaves a 90 degree gap at the bottom (pressure gauge style).
dial() {
  local out=$1 r=$2 open=$3 rgb=$4
  local s=$(( $(calci "$r") * 2 + 40 )) c
  c=$(( s / 2 ))
  local gap=1
  if [ "$open" = 1 ]; then gap="clip((0.7071-sin(ld(1)))*ld(0),0,1)"; fi
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, atan2(Y-$c, X-$c));
    st(2, abs(mod(ld(1)+PI/60, PI/30)-PI/60)*ld(0));
    st(3, abs(mod(ld(1)+PI/12, PI/6)-PI/12)*ld(0));
    st(4, 0.7*$(line 'ld(2)' 0.9)*clip(ld(0)-($r-10),0,1)*clip($r-ld(0),0,1));
    st(4, max(ld(4), $(line 'ld(3)' 1.5)*clip(ld(0)-($r-24),0,1)*clip($r-ld(0),0,1)));
    st(4, ld(4)*$gap);
    st(4, max(ld(4), 0.85*$(line "ld(0)-($r+8)" 1.2)));
    st(4, max(ld(4), 0.6*$(line "ld(0)-($r-36)" 1.2)*gt(cos(72*ld(1)),0)));
    max(ld(4), 0.45*$(line "ld(0)-$(calc "$r*0.6")" 1.2))"
  STILL=$s
}

# arcs OUT R N FRAC LW "RGB": N arc segments (FRAC of their slot) at radius R.
arcs() {
  local out=$1 r=$2 n=$3 frac=$4 lw=$5 rgb=$6
  local s=$(( $(calci "$r") * 2 + 20 )) c
  c=$(( s / 2 ))
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, mod(atan2(Y-$c, X-$c)+2*PI, 2*PI/$n));
    $(line "ld(0)-$r" "$lw")*clip(ld(1)*ld(0),0,1)
      *clip(($frac*2*PI/$n-ld(1))*ld(0),0,1)"
  STILL=$s
}

# dots OUT R N DOTR "RGB": N small rings on a circle of radius R.
dots() {
  local out=$1 r=$2 n=$3 dr=$4 rgb=$5
  local s=$(( $(calci "$r + $dr") * 2 + 10 )) c
  c=$(( s / 2 ))
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, mod(atan2(Y-$c, X-$c)+PI/$n, 2*PI/$n)-PI/$n);
    st(2, hypot(ld(0)*cos(ld(1))-$r, ld(0)*sin(ld(1))));
    max($(line "ld(2)-$dr" 1.2), 0.5*clip($dr*0.45-ld(2),0,1))"
  STILL=$s
}

# ribbon OUT W H Y0 AMP SPREAD MODE "RGB"
# A bundle of 9 thin flowing lines across the frame. MODE=outer draws the 8
# outer lines, MODE=centre only the middle one.
ribbon() {
  local out=$1 w=$2 h=$3 y0=$4 amp=$5 sp=$6 mode=$7 rgb=$8 i e="0"
  local is=(-4 -3 -2 -1 1 2 3 4)
  if [ "$mode" = centre ]; then is=(0); fi
  for i in "${is[@]}"; do
    e="max($e, $(calc "1-0.09*${i#-}")*exp(-pow((Y-ld(0)-($i)*ld(1))/1.15,2)))"
  done
  mono "$out" "$w" "$h" "$rgb" "
    st(0, $y0 + $amp*sin(2*PI*X/W*0.8+0.6) + $amp*0.35*sin(2*PI*X/W*1.9+2.0));
    st(1, $sp*(0.3+0.7*pow(cos(PI*X/W*1.3+0.4),2)));
    $e"
}

# flange OUT ROUT RBC RBORE N "RGB": pipe flange face with N bolt holes.
flange() {
  local out=$1 ro=$2 rb=$3 rbore=$4 n=$5 rgb=$6
  local s=$(( $(calci "$ro") * 2 + 12 )) c
  c=$(( s / 2 ))
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, mod(atan2(Y-$c, X-$c)+PI/$n, 2*PI/$n)-PI/$n);
    st(2, hypot(ld(0)*cos(ld(1))-$rb, ld(0)*sin(ld(1))));
    st(3, $(line "ld(0)-$ro" 1.3));
    st(3, max(ld(3), $(line "ld(0)-$rbore" 1.3)));
    st(3, max(ld(3), 0.7*$(line "ld(0)-$(calc "($rbore+$rb)/2 - 14")" 1.2)));
    st(3, max(ld(3), 0.5*$(line "ld(0)-$rb" 1.0)*gt(cos(9*$n*ld(1)),-0.3)*clip(ld(2)-32,0,1)));
    st(3, max(ld(3), 0.9*$(line "ld(2)-11" 1.2)));
    max(ld(3), 0.10*clip($ro-ld(0),0,1)*clip(ld(0)-$rbore,0,1)*clip(ld(2)-11,0,1))"
  STILL=$s
}

# nuts OUT SIZE RBC N AF "RGB": hexagon nuts (across flats AF) + washers.
nuts() {
  local out=$1 s=$2 rb=$3 n=$4 af=$5 rgb=$6 c
  c=$(( s / 2 ))
  local half; half=$(calc "$af/2")
  mono "$out" "$s" "$s" "$rgb" "
    st(0, hypot(X-$c, Y-$c));
    st(1, mod(atan2(Y-$c, X-$c)+PI/$n, 2*PI/$n)-PI/$n);
    st(2, ld(0)*cos(ld(1))-$rb);
    st(3, ld(0)*sin(ld(1)));
    st(4, max(abs(ld(3)), 0.866*abs(ld(2))+0.5*abs(ld(3))));
    st(5, hypot(ld(2), ld(3)));
    st(6, $(line "ld(4)-$half" 1.4));
    st(6, max(ld(6), 0.55*$(line "ld(5)-$(calc "$af*0.6")" 1.2)));
    st(6, max(ld(6), 0.8*$(line "ld(5)-$(calc "$af*0.27")" 1.2)));
    max(ld(6), 0.16*clip($half-ld(4),0,1)*clip(ld(5)-$(calc "$af*0.27"),0,1))"
}

# needle OUT LEN "RGB": tapered gauge needle pointing along +x from the centre.
needle() {
  local out=$1 l=$2 rgb=$3
  local s=$(( $(calci "$l") * 2 + 20 )) c
  c=$(( s / 2 ))
  mono "$out" "$s" "$s" "$rgb" "
    st(0, X-$c); st(1, Y-$c); st(2, hypot(ld(0), ld(1)));
    st(3, clip(2.4*(1-ld(0)/$l)+0.3-abs(ld(1)),0,1)*clip(ld(0)+$(calc "$l*0.12"),0,1)*lt(ld(0),$l));
    st(3, max(ld(3), 0.9*clip(9-ld(2),0,1)));
    max(ld(3), 0.7*$(line 'ld(2)-15' 1.2))"
  STILL=$s
}

# mill OUT R N "RGB" PART: face mill seen from above. PART=body draws the
# body (rings, arbor, 8 bolt holes), PART=inserts the N cutting inserts.
mill() {
  local out=$1 r=$2 n=$3 rgb=$4 part=$5
  local s=$(( $(calci "$r") * 2 + 12 )) c
  c=$(( s / 2 ))
  local ri q e
  ri=$(calc "$r*0.86"); q=$(calc "$r*0.075")
  if [ "$part" = body ]; then
    e="st(0, hypot(X-$c, Y-$c));
       st(1, mod(atan2(Y-$c, X-$c)+PI/8, PI/4)-PI/8);
       st(2, hypot(ld(0)*cos(ld(1))-$(calc "$r*0.38"), ld(0)*sin(ld(1))));
       st(3, $(line "ld(0)-$r" 1.3));
       st(3, max(ld(3), 0.8*$(line "ld(0)-$(calc "$r*0.62")" 1.2)));
       st(3, max(ld(3), $(line "ld(0)-$(calc "$r*0.2")" 1.2)));
       st(3, max(ld(3), 0.8*$(line "ld(2)-$(calc "$r*0.05")" 1.2)));
       st(3, max(ld(3), 0.5*$(line "ld(0)-$(calc "$r*0.3")" 1.0)*gt(cos(40*atan2(Y-$c,X-$c)),-0.3)));
       max(ld(3), 0.1*clip($r-ld(0),0,1)*clip(ld(0)-$(calc "$r*0.2"),0,1))"
  else
    # inserts: squares rotated by 0.3 rad in their local frame
    e="st(0, hypot(X-$c, Y-$c));
       st(1, mod(atan2(Y-$c, X-$c)+PI/$n, 2*PI/$n)-PI/$n);
       st(2, ld(0)*cos(ld(1))-$ri); st(3, ld(0)*sin(ld(1)));
       st(4, max(abs(ld(2)*0.955-ld(3)*0.296), abs(ld(2)*0.296+ld(3)*0.955)));
       max($(line "ld(4)-$q" 1.3), 0.12*clip($q-ld(4),0,1))"
  fi
  mono "$out" "$s" "$s" "$rgb" "$e"
  STILL=$s
}

# =============================================================================
# Compositing graph helpers. They append to $G and leave the new label in $L.
# =============================================================================
IN=(); NIN=0; G=""; LN=0
reset_graph() { IN=(); NIN=0; G=""; LN=0; }
newlbl() { LN=$((LN + 1)); L="s$LN"; }
# add_input FILE -> IDX (looped still, D seconds at FPS)
add_input() {
  IN+=(-loop 1 -framerate "$FPS" -t "$D" -i "$1")
  IDX=$NIN; NIN=$((NIN + 1))
}
# g_still FILE                      static full-frame layer
g_still() { add_input "$1"; newlbl; G+="[$IDX]format=gbrp[$L];"; }
# g_rot FILE SIZE CX CY ANGLE_EXPR  still rotated about its centre, placed at (CX,CY)
# ROT_EPS is added to every angle so that frame 0 is resampled like all the
# other frames (an exact 0 rotation would be crisper and "pop" at the loop).
ROT_EPS=0.0123
g_rot() {
  local s=$2 cx=$3 cy=$4 a=$5 r cv
  add_input "$1"
  newlbl; r=$L; newlbl; cv=$L
  G+="[$IDX]format=gbrp,rotate=a='$ROT_EPS+$a':c=black[$r];"
  G+="color=c=black:s=${W}x${H}:r=${FPS}:d=${D},format=gbrp[$cv];"
  newlbl
  G+="[$cv][$r]overlay=x=$(calci "$cx - $s/2"):y=$(calci "$cy - $s/2"):format=gbrp:shortest=1[$L];"
}
# g_slide FILE XEXPR                crop a W x H window out of a wider still
g_slide() {
  add_input "$1"; newlbl
  G+="[$IDX]format=gbrp,crop=w=${W}:h=${H}:y=0:x='$2'[$L];"
}
# g_lut IN A B                      every channel -> A + val*B
g_lut() { local i=$1; newlbl; G+="[$i]lutrgb=r=$2+val*$3:g=$2+val*$3:b=$2+val*$3[$L];"; }
# g_tint IN R G B                   grey layer -> coloured (factors 0..1)
g_tint() { local i=$1; newlbl; G+="[$i]lutrgb=r=val*$2:g=val*$3:b=val*$4[$L];"; }
# g_split IN N                      -> SPL array of labels
g_split() {
  local i=$1 n=$2 k outs=""
  SPL=()
  for ((k = 0; k < n; k++)); do newlbl; SPL+=("$L"); outs+="[$L]"; done
  G+="[$i]split=$n$outs;"
}
# g_blend A B MODE
g_blend() { local a=$1 b=$2; newlbl; G+="[$a][$b]blend=all_mode=$3[$L];"; }
# g_sum A B C...                    additive light
g_sum() {
  local acc=$1; shift
  local x
  for x in "$@"; do g_blend "$acc" "$x" addition; acc=$L; done
}

# =============================================================================
# Rendering / encoding.
# =============================================================================
# Encoder settings; scenes may override VP9_CRF / X264_CRF (content is smooth
# and abstract, so high CRFs still look clean).
VP9_CRF=44
X264_CRF=33
JPEG_Q=5
POSTER_MAX=40000

# encode NAME   (uses $G with final label $L, $W, $H, $D)
encode() {
  local name=$1 frames=$(( D * FPS ))
  local master="$TMP/$name.mkv"
  printf '%s[%s]format=gbrp[out]' "$G" "$L" >"$TMP/$name.graph"
  if [ -n "${PREVIEW_DIR:-}" ]; then
    # Development aid: only write a few PNG frames, no encoding.
    mkdir -p "$PREVIEW_DIR"
    printf "%s[%s]select='not(mod(n,%d))',format=gbrp[out]" "$G" "$L" \
      $(( frames / 4 )) >"$TMP/$name.pgraph"
    ff "${IN[@]}" -filter_complex_script "$TMP/$name.pgraph" -map '[out]' \
      -fps_mode passthrough -frames:v 4 "$PREVIEW_DIR/$name-%d.png"
    echo "  -> preview frames in $PREVIEW_DIR"
    return
  fi
  ff "${IN[@]}" -filter_complex_script "$TMP/$name.graph" -map '[out]' \
    -frames:v "$frames" -c:v ffv1 -pix_fmt gbrp "$master"

  local yuv="scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int,format=yuv420p"
  local tags=(-color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv)
  local common=(-an -sn -dn -map_metadata -1 -fflags +bitexact -flags:v +bitexact)

  ff -i "$master" -vf "$yuv" "${tags[@]}" "${common[@]}" \
    -c:v libvpx-vp9 -b:v 0 -crf "$VP9_CRF" -deadline good -cpu-used 1 \
    -row-mt 1 -tile-columns 1 -g 999 -auto-alt-ref 1 -lag-in-frames 25 \
    "$TMP/$name.webm"
  ff -i "$master" -vf "$yuv" "${tags[@]}" "${common[@]}" \
    -c:v libx264 -profile:v main -preset veryslow -crf "$X264_CRF" \
    -x264-params keyint=999:min-keyint=999:scenecut=0 \
    -movflags +faststart "$TMP/$name.mp4"
  # Poster: first frame. Start at JPEG_Q (~ quality 70) and coarsen the
  # quantiser only if needed to stay under POSTER_MAX bytes.
  local q=$JPEG_Q
  while :; do
    ff -i "$master" -frames:v 1 -vf "format=yuvj420p" -q:v "$q" \
      "${common[@]}" "$TMP/$name-poster.jpg"
    [ "$(wc -c <"$TMP/$name-poster.jpg")" -le "$POSTER_MAX" ] && break
    [ "$q" -ge 10 ] && break
    q=$((q + 1))
  done

  mv -f "$TMP/$name.webm" "$TMP/$name.mp4" "$TMP/$name-poster.jpg" "$OUT/"
  echo "  -> static/videos/$name.{webm,mp4} + $name-poster.jpg"
}

# Steel-blue line colour shared by the scenes.
STEEL="76 108 150"

# =============================================================================
# Scenes.
# =============================================================================

# Home hero: blueprint grid, two meshing gears (18 and 11 teeth), a slow light
# shaft sweeping over them that lights the grid and leaves amber glints.
scene_hero() {
  local name=hero
  W=1280 H=720 D=8 VP9_CRF=44 X264_CRF=33
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local n1=18 n2=11 th=24 r1=216 cx=947 cy=396 alpha=0.72 A=200
  local p1 p2 r2 dist g2x g2y phi
  p1=$(calc "$r1 + $th/2"); p2=$(calc "$p1*$n2/$n1"); r2=$(calc "$p2 - $th/2")
  dist=$(calc "$p1 + $p2 + 3")
  g2x=$(calc "$cx + $dist*cos($alpha)"); g2y=$(calc "$cy + $dist*sin($alpha)")
  # Phase of gear 2 so that its gaps meet gear 1's teeth on the line of centres.
  phi=$(calc "(($n1+$n2)*$alpha + ($n2-1)*3.14159265)/$n2")

  background "$d/bg.png" $W $H "4 8 18" "9 18 37" $cx $cy 520 "9 20 40"
  vignette "$d/vig.png" $W $H 0.75 0.55 0.45
  grid "$d/grid.png" $W $H 48 "34 58 92" $cx $cy 600
  beam "$d/beam.png" $W $H $A 0.94 -0.34 "$(calc "0.94*(0.62*$W+$A) - 0.34*$H/2")" 240 46
  gear "$d/gear1.png" $n1 $r1 $th 50 9 "$STEEL"; local s1=$STILL
  gear "$d/gear2.png" $n2 "$r2" $th 34 0 "$STEEL"; local s2=$STILL

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_slide "$d/beam.png" "$A+$A*sin(2*PI*t/$D+0.9)"; g_split "$L" 4
  local b=("${SPL[@]}")
  g_lut "${b[0]}" 90 0.65; local lit1=$L
  g_lut "${b[1]}" 115 0.55; local lit2=$L
  g_tint "${b[2]}" 0.15 0.23 0.34; local beamc=$L
  # both gears advance by 2 teeth per loop (gear 1: 40 deg = its 9-hole symmetry)
  g_rot "$d/gear1.png" $s1 $cx $cy "4*PI*t/($n1*$D)"; local g1=$L
  g_rot "$d/gear2.png" $s2 "$g2x" "$g2y" \
    "$phi-4*PI*t/($n2*$D)-$ROT_EPS*(1+$n1/$n2)"; local g2=$L
  g_sum $g1 $g2; g_split "$L" 2; local gs=("${SPL[@]}")
  g_blend "${gs[0]}" $lit2 multiply; local gearlit=$L
  newlbl; G+="[${gs[1]}]colorchannelmixer=rr=0:rb=0.8:rg=0.5:gg=1.0:bb=0.05[$L];"
  g_blend "$L" "${b[3]}" multiply; local glint=$L
  g_blend $grd $lit1 multiply; local gridlit=$L
  g_sum $bg $gridlit $beamc $gearlit $glint
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}

# Trainings: a graduated dial (slowly turning rings, amber arcs) and a ribbon
# of flowing lines along which soft light pulses travel.
trainings_scene() {
  local name=$1 cx=$2 cy=$3 R=$4 y0=$5 amp=$6 sp=$7
  D=8 VP9_CRF=41 X264_CRF=29
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local P=384 step=$(( 384 / (8 * FPS) ))
  background "$d/bg.png" $W $H "4 8 18" "8 17 34" "$cx" "$cy" "$(calc "$R*1.7")" "9 19 38"
  vignette "$d/vig.png" $W $H 0.7 0.5 0.45
  grid "$d/grid.png" $W $H 40 "30 52 84" "$cx" "$cy" "$(calc "$R*2")"
  dial "$d/dial.png" "$R" 0 "$STEEL"; local sd=$STILL
  arcs "$d/arcs.png" "$(calc "$R+20")" 4 0.28 1.6 "150 105 40"; local sa=$STILL
  dots "$d/dots.png" "$(calc "$R*0.6")" 12 5 "70 100 140"; local so=$STILL
  ribbon "$d/rib.png" $W $H "$y0" "$amp" "$sp" outer "60 90 130"
  ribbon "$d/ribc.png" $W $H "$y0" "$amp" "$sp" centre "170 120 50"
  pulses "$d/pulse.png" $W $H $P 0.6

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_rot "$d/dial.png" "$sd" "$cx" "$cy" "2*PI*t/(12*$D)"; local dl=$L
  g_rot "$d/arcs.png" "$sa" "$cx" "$cy" "2*PI*t/(4*$D)"; local ar=$L
  g_rot "$d/dots.png" "$so" "$cx" "$cy" "-2*PI*t/(12*$D)"; local dt=$L
  g_slide "$d/pulse.png" "$P-$step*n"; g_split "$L" 2; local p=("${SPL[@]}")
  g_lut "${p[0]}" 70 0.75; local lit=$L
  g_tint "${p[1]}" 0.75 0.75 0.75; local lit2=$L
  g_still "$d/rib.png"; local rib=$L
  g_still "$d/ribc.png"; g_split "$L" 2; local rc=("${SPL[@]}")
  g_blend $rib $lit multiply; local rl=$L
  g_blend "${rc[0]}" $lit2 multiply; local rcl=$L
  g_sum $bg $grd $dl $ar $dt $rl $rcl "${rc[1]}"
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}
scene_trainings() {
  W=1280 H=720
  trainings_scene trainings 975 300 270 540 50 16
}
scene_trainings_mobile() {
  W=540 H=960
  trainings_scene trainings-mobile 400 250 200 700 48 14
}

# Category banners (1280x480, 6 s) ----------------------------------------------

# Fluid transfer: three pipelines with flanges; cyan flow pulses inside.
scene_category_fluid_transfer() {
  local name=category-fluid-transfer
  W=1280 H=480 D=6 VP9_CRF=41 X264_CRF=29
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local P=288 step=$(( 288 / (6 * FPS) ))
  local ys=(150 268 380) rs=(26 17 22) offs=(40 200 120)
  background "$d/bg.png" $W $H "3 9 19" "6 19 34" 900 260 560 "5 22 36"
  vignette "$d/vig.png" $W $H 0.7 0.55 0.5
  grid "$d/grid.png" $W $H 40 "26 50 78" 900 260 700
  local e="0" i y r o
  for i in 0 1 2; do
    y=${ys[i]} r=${rs[i]} o=${offs[i]}
    # pipe walls, faint cylindrical shading, flanges every 320 px
    e="max($e, max($(line "abs(Y-$y)-$r" 1.2),
           0.14*sqrt(max(0,1-pow((Y-$y)/$r,2)))*(0.6+0.4*lt(Y,$y))))"
    e="max($e, 0.35*$(line "Y-$y+$r*0.55" 1.0))"
    e="max($e, 0.9*$(line "max(abs(mod(X+$o,320)-160)-6, abs(Y-$y)-($r+9))" 1.2))"
  done
  mono "$d/pipes.png" $W $H "$STEEL" "$e"
  # flow: dashes inside pipes 0 and 2 (period 96 / 144, both divide P)
  local f="0"
  # comet-like streaks: sharp head in the direction of flow, long tail
  f="max($f, exp(-pow((Y-${ys[0]})/10,2))*pow(mod(X,144)/144,4)*clip((144-mod(X,144))/5,0,1))"
  f="max($f, exp(-pow((Y-${ys[2]})/8,2))*pow(mod(X+50,96)/96,4)*clip((96-mod(X+50,96))/5,0,1))"
  mono "$d/flowA.png" $(( W + P )) $H "35 150 190" "$f"
  # pipe 1 flows the other way
  mono "$d/flowB.png" $(( W + P )) $H "35 150 190" \
    "exp(-pow((Y-${ys[1]})/6.5,2))*pow(1-mod(X,96)/96,4)*clip(mod(X,96)/5,0,1)"

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_still "$d/pipes.png"; local pp=$L
  g_slide "$d/flowA.png" "$P-$step*n"; local fa=$L
  g_slide "$d/flowB.png" "$step*n"; local fb=$L
  g_sum $bg $grd $pp $fa $fb
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}

# Bolting: a flange face with 12 amber hex nuts turning slowly, lit by a light
# shaft.
scene_category_bolting() {
  local name=category-bolting
  W=1280 H=480 D=6 VP9_CRF=41 X264_CRF=29
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local cx=960 cy=240 A=160
  background "$d/bg.png" $W $H "5 8 18" "13 17 31" $cx $cy 520 "20 20 26"
  vignette "$d/vig.png" $W $H 0.7 0.55 0.5
  grid "$d/grid.png" $W $H 40 "30 50 80" $cx $cy 640
  flange "$d/flange.png" 380 300 150 12 "$STEEL"; local sf=$STILL
  nuts "$d/nuts.png" "$sf" 300 12 54 "235 165 60"
  beam "$d/beam.png" $W $H $A 0.9 0.44 "$(calc "0.9*(0.55*$W+$A) + 0.44*$H/2")" 220 40

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_slide "$d/beam.png" "$A+$A*sin(2*PI*t/$D)"; g_split "$L" 3
  local b=("${SPL[@]}")
  g_lut "${b[0]}" 90 0.65; local lit1=$L
  g_lut "${b[1]}" 120 0.55; local lit2=$L
  g_tint "${b[2]}" 0.14 0.2 0.3; local beamc=$L
  g_rot "$d/flange.png" $sf $cx $cy "2*PI*t/(12*$D)"; local fl=$L
  g_rot "$d/nuts.png" $sf $cx $cy "2*PI*t/(12*$D)"; local nu=$L
  g_sum $fl $nu; g_blend "$L" $lit2 multiply; local fll=$L
  g_blend $grd $lit1 multiply; local gl=$L
  g_sum $bg $gl $beamc $fll
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}

# Hydrotesting: pressure gauge with a gently trembling needle and a pressure
# chart recorder trace (ramp / hold / release) scrolling towards it.
scene_category_hydrotesting() {
  local name=category-hydrotesting
  W=1280 H=480 D=6 VP9_CRF=41 X264_CRF=29
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local P=288 step=$(( 288 / (6 * FPS) )) cx=960 cy=250 R=180 yb=370 A=130 k y e="0" ys=()
  background "$d/bg.png" $W $H "3 9 18" "6 18 32" $cx $cy 520 "5 22 30"
  vignette "$d/vig.png" $W $H 0.7 0.55 0.5
  grid "$d/grid.png" $W $H 40 "26 52 74" 500 260 800
  dial "$d/dial.png" $R 1 "$STEEL"; local sd=$STILL
  arcs "$d/safe.png" $(( R - 4 )) 1 0.12 3 "40 170 130"; local ss=$STILL
  needle "$d/needle.png" $(( R - 22 )) "165 185 210"; local sn=$STILL
  # recorder trace, sampled at sub-pixel offsets so steep ramps stay continuous
  for k in -4 -3.5 -3 -2.5 -2 -1.5 -1 -0.5 0 0.5 1 1.5 2 2.5 3 3.5 4; do
    y="($yb-$A*clip(mod(X+($k),$P)/70,0,1)*clip((250-mod(X+($k),$P))/50,0,1)*(0.985+0.015*sin(2*PI*(X+($k))/48)))"
    e="max($e, exp(-(pow($k,2)+pow(Y-$y,2))/1.44))"
    if [ "$k" = 0 ]; then ys=("$y"); fi
  done
  mono "$d/trace.png" $(( W + P )) $H "40 150 118" "
    max($e, 0.16*clip((Y-${ys[0]})/2,0,1)*exp(-(Y-${ys[0]})/70)*lt(Y,$yb))"
  mono "$d/fade.png" $W $H "255 255 255" "clip(X/160,0,1)*clip((780-X)/160,0,1)"
  mono "$d/axes.png" $W $H "50 80 115" "
    (0.7*$(line "Y-$yb" 1.0) + 0.6*$(line "Y-($yb-$A)" 1.0)*gt(cos(2*PI*X/14),0))
    *clip(X/160,0,1)*clip((800-X)/160,0,1)"

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_still "$d/axes.png"; local ax=$L
  g_still "$d/fade.png"; local fd=$L
  g_slide "$d/trace.png" "$step*n"; g_blend "$L" $fd multiply; local tr=$L
  g_rot "$d/dial.png" $sd $cx $cy "0"; local dl=$L
  g_rot "$d/safe.png" $ss $cx $cy "-1.62"; local sf=$L
  g_rot "$d/needle.png" $sn $cx $cy "-1.25+0.05*sin(2*PI*t/$D)+0.012*sin(6*PI*t/$D)"; local nd=$L
  g_sum $bg $grd $ax $tr $dl $sf $nd
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}

# Machining: a face mill with 8 orange inserts turning slowly, next to a
# pocketing tool path along which light travels.
scene_category_machining() {
  local name=category-machining
  W=1280 H=480 D=6 VP9_CRF=41 X264_CRF=29
  reset_graph
  local d="$TMP/$name"; mkdir -p "$d"
  local P=288 step=$(( 288 / (6 * FPS) )) cx=975 cy=240 R=205
  background "$d/bg.png" $W $H "5 8 17" "12 16 30" $cx $cy 520 "22 18 22"
  vignette "$d/vig.png" $W $H 0.7 0.55 0.5
  grid "$d/grid.png" $W $H 32 "28 48 78" $cx $cy 700
  mill "$d/body.png" $R 8 "$STEEL" body; local sb=$STILL
  mill "$d/ins.png" $R 8 "240 120 55" inserts; local si=$STILL
  # pocket tool path: offset contours of a rounded rectangle
  local tp="st(0, abs(X-470)-250); st(1, abs(Y-240)-120);
    st(2, hypot(max(ld(0),0), max(ld(1),0)) + min(max(ld(0),ld(1)),0) - 40);
    $(line "abs(mod(ld(2)+10,20)-10)" 1.0)*clip(-ld(2)+1,0,1)*clip(ld(2)+125,0,1)
      *(0.55+0.45*clip(-ld(2)/40,0,1))"
  mono "$d/path.png" $W $H "60 88 128" "$tp"
  mono "$d/pathw.png" $W $H "200 95 40" "$tp"
  pulses "$d/pulse.png" $W $H $P 0.35 2

  g_still "$d/bg.png"; local bg=$L
  g_still "$d/vig.png"; local vig=$L
  g_still "$d/grid.png"; local grd=$L
  g_slide "$d/pulse.png" "$P-$step*n"; g_split "$L" 2; local p=("${SPL[@]}")
  g_lut "${p[0]}" 80 0.7; local lit=$L
  g_still "$d/path.png"; g_blend "$L" $lit multiply; local pa=$L
  g_still "$d/pathw.png"; g_blend "$L" "${p[1]}" multiply; local pw=$L
  g_rot "$d/body.png" $sb $cx $cy "2*PI*t/(8*$D)"; local mb=$L
  g_rot "$d/ins.png" $si $cx $cy "2*PI*t/(8*$D)"; local mi=$L
  g_sum $bg $grd $pa $pw $mb $mi
  g_blend "$L" $vig multiply
  echo "$name (${W}x${H}, ${D}s)"
  encode "$name"
}

ALL=(hero trainings trainings-mobile category-fluid-transfer category-bolting
     category-hydrotesting category-machining)
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then TARGETS=("${ALL[@]}"); fi

for t in "${TARGETS[@]}"; do
  fn="scene_${t//-/_}"
  if ! declare -F "$fn" >/dev/null; then
    echo "make-videos.sh: unknown video '$t' (known: ${ALL[*]})" >&2
    exit 1
  fi
  "$fn"
done
