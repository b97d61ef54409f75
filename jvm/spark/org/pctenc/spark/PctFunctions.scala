package org.pctenc.spark

import org.apache.spark.sql.catalyst.expressions.{Expression, Literal}
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke
import org.apache.spark.sql.types.{DataType, ObjectType, StringType}
import org.pctenc.Pctenc

/** `pct_encode`, `pct_decode` and `pct_try_decode` as Catalyst expressions.
  *
  * Each is a `RuntimeReplaceable` (it shows as `pct_decode(s)` in plans and column names)
  * whose replacement is a `StaticInvoke` of [[SparkRows]], the way Spark builds its own
  * `url_decode`: whole-stage code generation emits a direct call per row. The value is a
  * string (other types are cast as for `url_decode`: numbers and binary become strings);
  * the profile and the options (the core's compact text form) are strings too. Constant
  * ones (the usual case) are compiled once, when the query is analysed (an unknown profile
  * or option is an analysis error); a profile or options that are columns are looked up per
  * row. NULL in any argument gives NULL.
  */
abstract class PctFunction extends PctSqlFunction[Pctenc] {
  def value: Expression

  /** The `Pctenc` mode. */
  def mode: Int

  override def children: Seq[Expression] = Seq(value, profile, options)
  // Every argument is a string; others are cast as for url_decode.
  override def inputTypes = Seq(StringType, StringType, StringType)
  override def dataType: DataType = StringType

  override protected def compile(profile: String, options: String): Pctenc =
    SparkRows.codec(profile, options).check(mode)

  private def method(perRow: Boolean): String = {
    val base = mode match {
      case Pctenc.ENCODE => "encode"
      case Pctenc.DECODE => "decode"
      case _ => "tryDecode"
    }
    if (perRow) base + "With" else base
  }

  override lazy val replacement: Expression = constant match {
    case Right(Some(codec)) =>
      StaticInvoke(
        classOf[SparkRows],
        StringType,
        method(perRow = false),
        Seq(value, Literal.fromObject(codec, ObjectType(classOf[Pctenc]))),
        Nil,
        propagateNull = true,
        returnNullable = true)
    case _ if constantNull => Literal(null, StringType)
    case _ =>
      StaticInvoke(
        classOf[SparkRows],
        StringType,
        method(perRow = true),
        Seq(value, profile, options),
        Nil,
        propagateNull = true,
        returnNullable = true)
  }
}

case class PctEncode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_encode"
  override def mode: Int = Pctenc.ENCODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}

case class PctDecode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_decode"
  override def mode: Int = Pctenc.DECODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}

case class PctTryDecode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_try_decode"
  override def mode: Int = Pctenc.TRY_DECODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}
