#!/bin/sh
# man.sh SECMON OUT.1 - secmon(1), written by help2man from the tool's help.
#
# help2man makes the page from `secmon --help` and `secmon --version`; an
# include file made here adds a COMMANDS section of each command's own
# `secmon CMD --help` (the commands are those `secmon --help` lists), and
# FILES, EXAMPLES and SEE ALSO. help2man finds the synopsis in lines that
# start "Usage:" and "  or:"; the tool's help says "usage:" and aligns its
# other forms under the first, so help2man runs it through a wrapper that
# rewrites those lines alone. mk/install.mk runs this, so the page says
# what the tool says.
set -eu

bin=${1:?usage: man.sh path/to/secmon OUT.1}
out=${2:?usage: man.sh path/to/secmon OUT.1}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
h2m=$out.h2m
wrap=$out.secmon

# Text as roff: backslashes escaped, '-' as \- (a minus a reader can copy),
# a leading . or ' kept from being read as a request.
roff() {
	sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

cmds=$("$bin" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$cmds" ] || { echo "man.sh: $bin --help lists no command" >&2; exit 1; }

{
	echo '[COMMANDS]'
	for c in $cmds; do
		echo ".SS $c"
		echo '.nf'
		"$bin" "$c" --help | roff
		echo '.fi'
	done
	cat <<'END'
[FILES]
.TP
.I /usr/share/secmon/
the QEMU firmware images and example board DTs (Debian's secmon-firmware-qemu;
under PREFIX/share/secmon/ after the source tree's make install)
.TP
.I /usr/share/doc/secmon-tools/
the output formats and JSON keys of every command (cli.md.gz) and the
trace format (trace.md.gz)
[EXAMPLES]
.nf
secmon decode 0xC4000003
secmon call \-\-sim PSCI_VERSION
secmon dt /usr/share/secmon/boards/exynos\-style.dts
secmon call \-\-sim \-\-dtb /usr/share/secmon/boards/exynos\-style.dtb \e
    set\-cpu\-boot\-addr cpu=1 entry=0x80001000 \-\- get\-cpu\-boot\-addr cpu=1
.fi
[SEE ALSO]
.BR dtc (1),
.BR qemu\-system\-aarch64 (1)
END
} >"$h2m"

# The first line "usage:", the next ones (up to the first empty line)
# indented under it: help2man wants "Usage:" and "  or:".
cat >"$wrap" <<END
#!/bin/sh
"$bin" "\$@" | sed -e '1s/^usage:/Usage:/' -e '2,/^\$/s/^       secmon/  or:  secmon/'
END
chmod +x "$wrap"
help2man --no-info --section=1 \
	--name='SMCCC function IDs, board DT call tables, the simulated secure monitor and its traces' \
	--include="$h2m" --output="$out" "$wrap"
rm -f "$wrap" "$h2m"
