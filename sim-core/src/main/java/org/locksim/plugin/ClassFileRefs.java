package org.locksim.plugin;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The methods a class file calls, read from its constant pool (JVM specification, chapter 4.4):
 * each {@code Methodref} and {@code InterfaceMethodref} as {@code owner.name}, the owner in
 * internal form ({@code org/locksim/sched/Kernel.startTicks}). Enough of the format to find
 * them, nothing more.
 */
public final class ClassFileRefs {
  private static final int UTF8 = 1;
  private static final int CLASS = 7;
  private static final int METHODREF = 10;
  private static final int INTERFACE_METHODREF = 11;
  private static final int NAME_AND_TYPE = 12;

  private ClassFileRefs() { }

  /** The methods {@code classFile} refers to; an IOException when it is not a class file. */
  public static List<String> methods(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] first = new int[count];
    int[] second = new int[count];
    int[] tag = new int[count];
    for (int i = 1; i < count; i++) {
      tag[i] = in.readUnsignedByte();
      switch (tag[i]) {
        case UTF8 -> utf8[i] = in.readUTF();
        case CLASS, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort();
        case METHODREF, INTERFACE_METHODREF, 9, NAME_AND_TYPE, 17, 18 -> {
          first[i] = in.readUnsignedShort();
          second[i] = in.readUnsignedShort();
        }
        case 3, 4 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++;
        }
        case 15 -> {
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        default -> throw new IOException("unknown constant pool tag " + tag[i]);
      }
    }
    List<String> out = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      if (tag[i] == METHODREF || tag[i] == INTERFACE_METHODREF) {
        String owner = utf8[first[first[i]]];
        String name = utf8[first[second[i]]];
        out.add(owner + "." + name);
      }
    }
    return out;
  }
}
