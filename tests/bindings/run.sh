#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Checks the call-table bindings (docs/bindings/*.yaml) with Debian's
# dt-schema, offline:
#   - each binding passes dt-doc-validate, and dt-mk-schema takes all of them;
#   - each board (boards/*.dts, boards/soc/*.dts), each binding example and tests/bindings/
#     base.dts compiles with dtc and passes dt-validate, every call-table
#     node in it is matched by our schemas, and the library's parser
#     (lib/calltab.c, through ct-check.c) accepts it;
#   - each file under bad/ is rejected by dt-validate with the error its
#     "// dt-validate:" line names, from one of our schemas, and the parser
#     gives the verdict its "// parser:" line names ("accepts" where the rule
#     is the binding's alone);
#   - each file under parser-only/ passes dt-validate (a schema cannot
#     express its rule) and the parser refuses it as its "// parser:" line
#     says;
#   - the parameter vocabulary and register limits of the binding are those
#     of lib/calltab.c.
# Prints one TAP line per check and exits non-zero if any fails. Everything
# it makes goes under build/bindings/, which it recreates on every run.
set -u
cd "$(dirname "$0")/../.." || exit 2
root=$PWD
out=build/bindings
tests=tests/bindings
export LC_ALL=C
# dt-schema resolves devicetree.org schema URLs from its own files; should
# anything try the network, make it fail at once rather than hang.
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 no_proxy=

rm -rf "$out"
mkdir -p "$out/boards" "$out/examples" "$out/bad" "$out/parser-only"

# The TAP lines (tests/tap.sh), each text after "bindings: ".
TAP_PREFIX="bindings: "
. tests/tap.sh

for tool in dtc dt-doc-validate dt-mk-schema dt-validate dt-extract-example gcc; do
	if ! command -v "$tool" >/dev/null; then
		tap_not_ok "$tool is installed (Debian packages device-tree-compiler, dt-schema, gcc, libfdt-dev)"
		tap_plan
		exit 1
	fi
done
echo "# dt-schema $(dt-validate --version 2>&1), $(dtc --version 2>&1)"
# dt-schema's own Python, which has ruamel.yaml (another python3 may come
# first in PATH).
python=$(sed -n '1s/^#! *//p' "$(command -v dt-validate)")
[ -x "${python%% *}" ] || python=python3

# (a) The bindings themselves. dt-doc-validate reports some problems (a $ref
# it cannot resolve, an $id that does not match the file name) on stderr
# without failing, so any output is a failure.
bindings=(docs/bindings/*.yaml)
for b in "${bindings[@]}"; do
	log=$out/doc-validate-$(basename "$b" .yaml).log
	if dt-doc-validate -u docs/bindings "$b" >"$log" 2>&1 && ! [ -s "$log" ]; then
		tap_ok "dt-doc-validate $b"
	else
		tap_not_ok "dt-doc-validate $b"
		tap_file "$log"
	fi
done

# The processed schema: dt-schema's core schemas plus ours. dt-mk-schema
# skips a binding with an error after a message on stderr, which would let
# everything below pass without it, so any output is a failure, and each
# binding's $id must be in the result.
schema=$out/processed-schema.json
log=$out/mk-schema.log
missing=
if dt-mk-schema -j -o "$schema" docs/bindings/ >"$log" 2>&1; then
	for b in "${bindings[@]}"; do
		grep -F -q "\"\$id\": \"http://devicetree.org/schemas/$(basename "$b")#\"" "$schema" ||
			missing="$missing $b"
	done
	[ -z "$missing" ] || echo "missing from the processed schema:$missing" >>"$log"
else
	echo "dt-mk-schema failed" >>"$log"
fi
if ! [ -s "$log" ]; then
	tap_ok "dt-mk-schema takes ${#bindings[@]} bindings"
else
	tap_not_ok "dt-mk-schema takes ${#bindings[@]} bindings"
	tap_file "$log"
fi

# The parser, built from the library's sources as mk/host.mk takes them.
checker=$out/ct-check
log=$out/ct-check-build.log
if gcc -std=c11 -O1 -Wall -Wextra -Werror -Iinclude -o "$checker" "$tests/ct-check.c" \
	lib/*.c -lfdt >"$log" 2>&1; then
	tap_ok "build the parser checker from lib/"
else
	tap_not_ok "build the parser checker from lib/"
	tap_file "$log"
fi

# The vocabulary of well-known operations (lib/vocab.c) and the register
# limits must be the parser's.
log=$out/compare.log
if $python "$tests/compare-parser.py" lib/vocab.c lib/calltab.c include/secmon/calltab.h \
	docs/bindings/secmon,call-table.yaml >"$log" 2>&1; then
	tap_ok "operation vocabulary and register limits match lib/vocab.c and lib/calltab.c"
else
	tap_not_ok "operation vocabulary and register limits match lib/vocab.c and lib/calltab.c"
	tap_file "$log"
fi

# (b) Compiling. call@N nodes have a unit address without a "reg": the
# address only tells apart the calls of a sequence (sibling nodes need
# distinct names, and the parser wants the name "call"); it is no bus
# address, so dtc's unit_address_vs_reg warning does not apply to them.
# Every other warning is a failure. Examples get the flags dt-schema's own
# example wrapper needs: it gives each example node #address-cells and
# #size-cells whether the example has a "reg" or not.
dtc_ok() {
	local src=$1 dtb=$2 log=$3
	shift 3
	dtc -I dts -O dtb -Wno-unit_address_vs_reg "$@" -o "$dtb" "$src" >"$log" 2>&1 &&
		! [ -s "$log" ]
}

good=()
for src in boards/*.dts boards/soc/*.dts; do
	dtb=$out/boards/$(basename "$src" .dts).dtb
	if dtc_ok "$src" "$dtb" "${dtb%.dtb}.dtc.log" -i boards; then
		tap_ok "dtc $src"
		good+=("$dtb")
	else
		tap_not_ok "dtc $src"
		tap_file "${dtb%.dtb}.dtc.log"
	fi
done
for b in "${bindings[@]}"; do
	dts=$out/examples/$(basename "$b" .yaml).dts
	dtb=${dts%.dts}.dtb
	if dt-extract-example "$b" >"$dts" 2>"${dts%.dts}.dtc.log" &&
		dtc_ok "$dts" "$dtb" "${dts%.dts}.dtc.log" -Wno-avoid_unnecessary_addr_size; then
		tap_ok "dtc examples of $b"
		good+=("$dtb")
	else
		tap_not_ok "dtc examples of $b"
		tap_file "${dts%.dts}.dtc.log"
	fi
done
dtb=$out/base.dtb
if dtc_ok "$tests/base.dts" "$dtb" "$out/base.dtc.log"; then
	tap_ok "dtc $tests/base.dts"
	good+=("$dtb")
else
	tap_not_ok "dtc $tests/base.dts"
	tap_file "$out/base.dtc.log"
fi

bad=()
for src in "$tests"/bad/*.dts "$tests"/parser-only/*.dts; do
	rel=${src#"$tests"/}
	dtb=$out/${rel%.dts}.dtb
	if dtc_ok "$src" "$dtb" "${dtb%.dtb}.dtc.log" -i "$tests"; then
		bad+=("$dtb")
	else
		tap_not_ok "dtc $src"
		tap_file "${dtb%.dtb}.dtc.log"
	fi
done

# dt-validate exits 0 whatever it finds and reports on stderr: one record
# per problem, a line naming the file followed by tab-indented lines.
# Records are joined here into one line each, continuation lines after
# " | ". One run for all good files and one for all bad ones keeps this fast.
# Files are given by absolute path, which dt-validate uses in its messages.
validate() {
	local records=$1
	shift
	dt-validate -s "$schema" "$@" 2>&1 |
		awk '/^\t/ { rec = rec " | " substr($0, 2); next }
		     { if (rec != "") print rec; rec = $0 }
		     END { if (rec != "") print rec }' >"$records"
}

# The error records about one file ($2) of a record file ($1).
records_of() {
	awk -v p="$root/$2: " 'index($0, p) == 1 && !/: matched on schema/' "$1"
}
# The nodes of a file that dt-validate -M says a binding ($3, a file name
# under docs/bindings/) matched, one full path a line, sorted.
matched() {
	awk -v p="$root/$2: " -v id="/schemas/$3#" \
		'index($0, p) == 1 && /: matched on schema/ && index($0, id) {
			 n = substr($0, length(p) + 1); sub(/: matched on schema.*/, "", n); print n }' \
		"$1" | sort
}
# The call-table nodes the parser finds in a dtb (all of them, or with $2,
# those whose first compatible is $2), one full path a line, sorted.
parsed() {
	"$checker" "$1" 2>/dev/null | awk -v c="${2:-}" \
		'{ n = $1; f = $2; sub(/:$/, "", f); if (c == "" || f == c) print n }' | sort
}
# A list as one line.
flat() {
	printf '%s' "$1" | tr '\n' ' '
}

if [ ${#good[@]} -gt 0 ]; then
	records=$out/good.records
	validate "$records" -M "${good[@]/#/$root/}"
	for dtb in "${good[@]}"; do
		errs=$(records_of "$records" "$dtb" | grep -F 'From schema:')
		# Every node the parser takes for a call table must have been
		# matched by the binding, and every service node by the service's
		# binding; a file without call tables must have an SCMI resource
		# node the SCMI binding matched or a recording node the trace
		# binding matched, or the bindings checked nothing.
		tables=$(matched "$records" "$dtb" secmon,call-table.yaml)
		media=$(matched "$records" "$dtb" secmon,secure-media.yaml)
		scmi=$(matched "$records" "$dtb" secmon,scmi.yaml)
		scmi=$scmi$(matched "$records" "$dtb" secmon,trace.yaml)
		want_tables=$(parsed "$dtb")
		want_media=$(parsed "$dtb" secmon,secure-media)
		if [ -n "$errs" ]; then
			tap_not_ok "dt-validate $dtb"
			printf '%s\n' "$errs" | sed 's/^/# /'
		elif [ -z "$tables$scmi" ] || [ "$tables" != "$want_tables" ] || [ "$media" != "$want_media" ]; then
			tap_not_ok "dt-validate $dtb matches every call table"
			echo "# call tables: matched [$(flat "$tables")], parser [$(flat "$want_tables")]"
			echo "# secure media: matched [$(flat "$media")], parser [$(flat "$want_media")]"
		else
			tap_ok "dt-validate $dtb ($(flat "$tables$scmi") matched, no error)"
		fi
		log=${dtb%.dtb}.parser.log
		if "$checker" "$dtb" >"$log" 2>&1; then
			tap_ok "parser accepts $dtb"
		else
			tap_not_ok "parser accepts $dtb"
			tap_file "$log"
		fi
	done
fi

# (c) Bad examples. Each names what dt-validate must say (one or more
# "// dt-validate:" lines, each found in an error from our bindings, or
# "accepts") and what the parser must say (one "// parser:" line: its
# message after "refused: ", or "accepts").
marker() {
	sed -n "s|^// $2: ||p" "$1"
}
# Whether every line of $2 is in some line of $1.
all_found() {
	local line
	while IFS= read -r line; do
		printf '%s\n' "$1" | grep -F -q -- "$line" || return 1
	done <<<"$2"
}

if [ ${#bad[@]} -gt 0 ]; then
	records=$out/bad.records
	validate "$records" "${bad[@]/#/$root/}"
	for dtb in "${bad[@]}"; do
		rel=${dtb#"$out"/}
		src=$tests/${rel%.dtb}.dts
		want_dtv=$(marker "$src" dt-validate)
		want_parser=$(marker "$src" parser | head -1)
		ours=$(records_of "$records" "$dtb" | grep -F "From schema: $root/docs/bindings/")
		if [ -z "$want_dtv" ] || [ -z "$want_parser" ]; then
			tap_not_ok "$src names its expected verdicts"
			continue
		fi
		if [ "$want_dtv" = accepts ]; then
			errs=$(records_of "$records" "$dtb" | grep -F 'From schema:')
			if [ -z "$errs" ]; then
				tap_ok "$rel: dt-validate accepts it (no schema can express the rule)"
			else
				tap_not_ok "$rel: dt-validate accepts it"
				printf '%s\n' "$errs" | sed 's/^/# /'
			fi
		elif [ -n "$ours" ] && all_found "$ours" "$want_dtv"; then
			tap_ok "$rel: dt-validate rejects it: $(flat "$want_dtv")"
		else
			tap_not_ok "$rel: dt-validate rejects it: $(flat "$want_dtv")"
			records_of "$records" "$dtb" | sed 's/^/# /'
		fi
		got=$("$checker" "$dtb" 2>&1)
		rc=$?
		if [ "$want_parser" = accepts ]; then
			if [ "$rc" -eq 0 ]; then
				tap_ok "$rel: the parser accepts it (the rule is the binding's)"
			else
				tap_not_ok "$rel: the parser accepts it"
				printf '%s\n' "$got" | sed 's/^/# /'
			fi
		elif [ "$rc" -eq 1 ] && printf '%s\n' "$got" | grep -F -q -- ": refused: $want_parser"; then
			tap_ok "$rel: the parser refuses it: $want_parser"
		else
			tap_not_ok "$rel: the parser refuses it: $want_parser"
			printf '%s\n' "$got" | sed 's/^/# /'
		fi
	done
fi

tap_plan
tap_status
