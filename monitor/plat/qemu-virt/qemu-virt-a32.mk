# qemu-virt-a32: QEMU's virt board with an ARMv7 CPU (Cortex-A15, -A7), the
# monitor in Monitor mode (docs/qemu-virt-a32.md):
#   qemu-system-arm -M virt,secure=on[,virtualization=on] -cpu cortex-a15 \
#     -bios build/qemu-virt-a32/secmon.bin
# Built by `make firmware`; alone: make -f mk/firmware.mk PORT=qemu-virt-a32.
ARCH := arm
BOARD_ARCH := a32
include monitor/plat/qemu-virt/board.mk
# No resident-size limit here: every file at OPT (-O2).
OPT_COLD :=
OPT_SIZE :=
