#!/bin/sh
# apt-get update, as every script here runs it: waits for another apt run's
# dpkg lock (a second checkout's make, unattended upgrades) rather than
# fail, and tries three times, 15 s apart: a mirror caught in the middle of
# a sync fails an index ("File has unexpected size") and is whole again a
# moment later. Exits 0 once an update succeeded, 1 after three failures
# (the caller decides whether the indexes apt has will do). Uses sudo when
# not root.
set -u

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
for try in 1 2 3; do
	$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq && exit 0
	[ "$try" = 3 ] || sleep 15
done
echo "apt-update.sh: apt-get update failed 3 times" >&2
exit 1
