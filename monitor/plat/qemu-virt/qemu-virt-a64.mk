# qemu-virt-a64: QEMU's virt board with an AArch64 CPU, the monitor at EL3
# (docs/qemu-virt-a64.md):
#   qemu-system-aarch64 -M virt,secure=on[,virtualization=on] -bios build/qemu-virt-a64/secmon.bin
# Built by `make firmware`; alone: make -f mk/firmware.mk PORT=qemu-virt-a64
# (VERBOSE=1: the log on by default; SCR_OFF: monitor/arch/aarch64/arch.mk).
ARCH := aarch64
BOARD_ARCH := a64
include monitor/plat/qemu-virt/board.mk
BOARD_DRIVERS += gicv3
# The resident part must stay under 32 KiB (make bench): the cold boot and
# the resident code no measured fast path runs are built for size.
OPT_COLD := -Os
OPT_SIZE := -Os
