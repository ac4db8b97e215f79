# exynos4210: Samsung's Exynos4210 (two Cortex-A9, no Virtualization
# Extensions: the normal world in SVC mode), on QEMU's -M smdkc210,secure=on
# (scripts/qemu-exynos.sh; docs/exynos4210.md has the command line).
# Built by `make firmware`; alone: make -f mk/firmware.mk PORT=exynos4210.
ARCH := arm
BOARD_DIR := monitor/plat/exynos4210
BOARD_INC := $(BOARD_DIR)
# No vendor SYSTEM_RESET2 type: monitor/plat/common/no_reset2.c.
BOARD_C := $(wildcard $(BOARD_DIR)/*.c) monitor/plat/common/no_reset2.c
BOARD_SCMI_C :=
BOARD_DRIVERS := exynos_uart
# Cold boot: the DTs (QEMU's, the board's, the OS's).
BOARD_COLD_C := $(BOARD_DIR)/coldboot.c $(BOARD_DIR)/dt.c
BOARD_SIZE_C := $(BOARD_DIR)/power.c $(BOARD_DIR)/l2c.c monitor/plat/common/no_reset2.c
OPT_COLD :=
OPT_SIZE :=

# What QEMU's -kernel loads: secmon.bin as one segment at its address. (The
# link's own ELF also has segments for .data at its run address and for the
# NOLOAD sections, which QEMU's ELF loader would try to fill.)
PORT_IMAGES += $(O)/secmon-qemu.elf
$(O)/secmon-qemu.elf: $(O)/secmon.bin
	$(OBJCOPY) -I binary -O elf32-littlearm -B arm \
		--rename-section .data=.text,alloc,load,readonly,code,contents $< $(O)/secmon-bin.o
	$(CROSS)ld -N -Ttext=0x02020000 -e 0x02020000 --build-id=none --no-warn-rwx-segments \
		-o $@ $(O)/secmon-bin.o
