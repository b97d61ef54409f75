package org.pctenc.spark

import org.apache.spark.sql.catalyst.analysis.TypeCheckResult
import org.apache.spark.sql.catalyst.expressions.{Expression, ImplicitCastInputTypes, RuntimeReplaceable}

/** What every pctenc SQL function shares ([[PctFunction]] and [[PctQueryFunction]]): its
  * name in plans and column names (`pct_decode(s)`, not the defaults filled in), and its
  * codec `C` compiled once, when the query is analysed, where the profile and options are
  * constants (the usual case). An unknown profile or option is then an analysis error; a
  * NULL one makes every row NULL. Where they are columns, the functions compile per row.
  */
trait PctSqlFunction[C] extends RuntimeReplaceable with ImplicitCastInputTypes {
  def profile: Expression
  def options: Expression

  /** How many arguments the call gave (the others are defaults), for its SQL text. */
  def arity: Int
  def name: String

  /** The codec of a constant profile and options; throws `IllegalArgumentException` why
    * there is none. */
  protected def compile(profile: String, options: String): C

  override def prettyName: String = name
  override def sql: String = s"$prettyName(${children.take(arity).map(_.sql).mkString(", ")})"
  override def nullable: Boolean = true

  protected def text(e: Expression): Option[String] = Option(e.eval()).map(_.toString)

  /** The codec of a constant profile and options, or why there is none (as an analysis
    * error); `Right(None)` when they are not constants, or one is NULL. */
  protected lazy val constant: Either[String, Option[C]] =
    if (!profile.foldable || !options.foldable) Right(None)
    else
      (text(profile), text(options)) match {
        case (Some(p), Some(o)) =>
          try Right(Some(compile(p, o)))
          catch { case e: IllegalArgumentException => Left(e.getMessage) }
        case _ => Right(None)
      }

  /** The profile and options are constants, one of them NULL: every row is NULL. */
  protected def constantNull: Boolean = constant == Right(None) && profile.foldable && options.foldable

  override def checkInputDataTypes(): TypeCheckResult = {
    val types = super.checkInputDataTypes()
    if (types.isFailure) types
    else
      constant match {
        case Left(why) => TypeCheckResult.TypeCheckFailure(s"$name: $why")
        case Right(_) => TypeCheckResult.TypeCheckSuccess
      }
  }
}
